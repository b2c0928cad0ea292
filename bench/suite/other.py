"""The suite's kernels from other domains, in the loop language of dsl.py (ours; C twins are
generated from the same text).

Invariants: like polybench.py: `init` is deterministic integer-derived data, `kernel` is the
timed part, `check` sums in f64 every output value in row-major order. Sizes MINI/SMALL/MEDIUM/
LARGE grow roughly like PolyBench's (MEDIUM: tens of milliseconds at -O3 on one core).
"""

def S(mini, small, medium, large):
    return {"MINI": mini, "SMALL": small, "MEDIUM": medium, "LARGE": large}

KERNELS = {}

# Image pipeline: 3x3 box blur (two separable passes) then unsharp mask, three nests.
KERNELS["blur-sharpen"] = dict(
    origin="image pipeline: separable 3x3 blur, then sharpen",
    sizes=S(dict(H=32, W=40), dict(H=120, W=160), dict(H=480, W=640), dict(H=1080, W=1920)),
    arrays=["img:H,W", "bx:H,W", "by:H,W", "out:H,W"], params={"amount": 0.75},
    init="""
for i in range(0, H):
    for j in range(0, W):
        img[i, j] = float((i * 7 + j * 13) % 256) / 255.0
        bx[i, j] = 0.0
        by[i, j] = 0.0
        out[i, j] = 0.0
""",
    kernel="""
for i in range(0, H):
    for j in range(1, W - 1):
        bx[i, j] = (img[i, j - 1] + img[i, j] + img[i, j + 1]) / 3.0
for i in range(1, H - 1):
    for j in range(1, W - 1):
        by[i, j] = (bx[i - 1, j] + bx[i, j] + bx[i + 1, j]) / 3.0
for i in range(1, H - 1):
    for j in range(1, W - 1):
        out[i, j] = img[i, j] + amount * (img[i, j] - by[i, j])
""",
    check="""
cs = 0.0
for i in range(0, H):
    for j in range(0, W):
        cs += out[i, j] * (1 + (i + j) % 5)
return cs
""")

KERNELS["conv2d-nchw"] = dict(
    origin="deep learning: NCHW convolution plus bias, stride 1, no padding",
    dtype="f32",
    sizes=S(dict(NB=1, C=3, K=4, H=16, W=16, R=3), dict(NB=1, C=8, K=16, H=32, W=32, R=3),
            dict(NB=2, C=16, K=32, H=56, W=56, R=3), dict(NB=4, C=32, K=64, H=112, W=112, R=3)),
    arrays=["inp:NB,C,H+2,W+2", "wt:K,C,R,R", "bias:K", "out:NB,K,H,W"], params={},
    init="""
for n in range(0, NB):
    for c in range(0, C):
        for h in range(0, H + 2):
            for w in range(0, W + 2):
                inp[n, c, h, w] = float((n + c * 3 + h * 5 + w * 7) % 17) / 17.0
for k in range(0, K):
    bias[k] = float(k % 5) / 10.0
    for c in range(0, C):
        for r in range(0, R):
            for s in range(0, R):
                wt[k, c, r, s] = float((k + c * 2 + r * 3 + s) % 11) / 11.0 - 0.5
""",
    kernel="""
for n in range(0, NB):
    for k in range(0, K):
        for h in range(0, H):
            for w in range(0, W):
                out[n, k, h, w] = bias[k]
                for c in range(0, C):
                    for r in range(0, R):
                        for s in range(0, R):
                            out[n, k, h, w] += inp[n, c, h + r, w + s] * wt[k, c, r, s]
""",
    check="""
cs = 0.0
for n in range(0, NB):
    for k in range(0, K):
        for h in range(0, H):
            for w in range(0, W):
                cs += double(out[n, k, h, w])
return cs
""")

KERNELS["depthwise-conv"] = dict(
    origin="deep learning: depthwise 3x3 convolution then ReLU",
    dtype="f32",
    sizes=S(dict(C=4, H=16, W=16), dict(C=16, H=48, W=48), dict(C=64, H=112, W=112),
            dict(C=128, H=224, W=224)),
    arrays=["inp:C,H+2,W+2", "wt:C,3,3", "out:C,H,W"], params={},
    init="""
for c in range(0, C):
    for h in range(0, H + 2):
        for w in range(0, W + 2):
            inp[c, h, w] = float((c * 5 + h * 3 + w) % 13) / 13.0 - 0.25
    for r in range(0, 3):
        for s in range(0, 3):
            wt[c, r, s] = float((c + r * 3 + s) % 7) / 7.0 - 0.3
""",
    kernel="""
for c in range(0, C):
    for h in range(0, H):
        for w in range(0, W):
            out[c, h, w] = 0.0
            for r in range(0, 3):
                for s in range(0, 3):
                    out[c, h, w] += inp[c, h + r, w + s] * wt[c, r, s]
for c in range(0, C):
    for h in range(0, H):
        for w in range(0, W):
            out[c, h, w] = out[c, h, w] if out[c, h, w] > 0.0 else 0.0
""",
    check="""
cs = 0.0
for c in range(0, C):
    for h in range(0, H):
        for w in range(0, W):
            cs += double(out[c, h, w])
return cs
""")

KERNELS["layernorm"] = dict(
    origin="deep learning: layer normalization over the last dimension",
    sizes=S(dict(N=16, D=32), dict(N=64, D=128), dict(N=512, D=768), dict(N=2048, D=1024)),
    arrays=["x:N,D", "gamma:D", "beta:D", "mean:N", "rstd:N", "y:N,D"], params={"eps": 1e-5},
    init="""
for i in range(0, N):
    for j in range(0, D):
        x[i, j] = float((i * 31 + j * 17) % 101) / 50.0 - 1.0
for j in range(0, D):
    gamma[j] = 1.0 + float(j % 7) / 10.0
    beta[j] = float(j % 5) / 20.0
""",
    kernel="""
for i in range(0, N):
    mean[i] = 0.0
    for j in range(0, D):
        mean[i] += x[i, j]
    mean[i] = mean[i] / D
    rstd[i] = 0.0
    for j in range(0, D):
        rstd[i] += (x[i, j] - mean[i]) * (x[i, j] - mean[i])
    rstd[i] = 1.0 / sqrt(rstd[i] / D + eps)
    for j in range(0, D):
        y[i, j] = (x[i, j] - mean[i]) * rstd[i] * gamma[j] + beta[j]
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, D):
        cs += y[i, j] * (1 + j % 3)
return cs
""")

KERNELS["attention"] = dict(
    origin="deep learning: one attention head, softmax(Q K^T / sqrt(d)) V",
    dtype="f32",
    sizes=S(dict(L=16, D=8), dict(L=64, D=32), dict(L=256, D=64), dict(L=1024, D=64)),
    arrays=["Q:L,D", "Kt:L,D", "V:L,D", "S:L,L", "rmax:L", "rsum:L", "O:L,D"], params={},
    init="""
for i in range(0, L):
    for d in range(0, D):
        Q[i, d] = float((i * 3 + d * 7) % 19) / 19.0 - 0.5
        Kt[i, d] = float((i * 5 + d * 11) % 23) / 23.0 - 0.5
        V[i, d] = float((i + d * 13) % 29) / 29.0
""",
    kernel="""
scale = 1.0 / sqrt(float(D))
for i in range(0, L):
    for j in range(0, L):
        S[i, j] = 0.0
        for d in range(0, D):
            S[i, j] += Q[i, d] * Kt[j, d]
        S[i, j] = S[i, j] * scale
for i in range(0, L):
    rmax[i] = S[i, 0]
    for j in range(1, L):
        rmax[i] = rmax[i] if rmax[i] >= S[i, j] else S[i, j]
    rsum[i] = 0.0
    for j in range(0, L):
        S[i, j] = exp(S[i, j] - rmax[i])
        rsum[i] += S[i, j]
    for j in range(0, L):
        S[i, j] = S[i, j] / rsum[i]
for i in range(0, L):
    for d in range(0, D):
        O[i, d] = 0.0
        for j in range(0, L):
            O[i, d] += S[i, j] * V[j, d]
""",
    check="""
cs = 0.0
for i in range(0, L):
    for d in range(0, D):
        cs += double(O[i, d]) * (1 + (i + d) % 4)
return cs
""")

KERNELS["tensor-contraction"] = dict(
    origin="tensor contraction C[i,j,l] = sum_k A[i,k,j] * B[k,l] (ikj,kl->ijl)",
    sizes=S(dict(I=8, J=10, K=12, L=14), dict(I=24, J=28, K=32, L=36), dict(I=64, J=72, K=80, L=96),
            dict(I=128, J=144, K=160, L=192)),
    arrays=["A:I,K,J", "B:K,L", "C:I,J,L"], params={},
    init="""
for i in range(0, I):
    for k in range(0, K):
        for j in range(0, J):
            A[i, k, j] = float((i * k + j + 1) % 13) / 13.0
for k in range(0, K):
    for l in range(0, L):
        B[k, l] = float((k * (l + 2)) % 17) / 17.0
""",
    kernel="""
for i in range(0, I):
    for j in range(0, J):
        for l in range(0, L):
            C[i, j, l] = 0.0
            for k in range(0, K):
                C[i, j, l] += A[i, k, j] * B[k, l]
""",
    check="""
cs = 0.0
for i in range(0, I):
    for j in range(0, J):
        for l in range(0, L):
            cs += C[i, j, l]
return cs
""")

KERNELS["edit-distance"] = dict(
    origin="dynamic programming: Levenshtein distance table, a 2-D wavefront on integers",
    sizes=S(dict(N=40, M=48), dict(N=200, M=240), dict(N=1500, M=1800), dict(N=5000, M=6000)),
    arrays=["a:N:i32", "b:M:i32", "D:N+1,M+1:i32"], params={},
    init="""
for i in range(0, N):
    a[i] = (i * 7 + 3) % 4
for j in range(0, M):
    b[j] = (j * 5 + 1) % 4
""",
    kernel="""
for i in range(0, N + 1):
    D[i, 0] = i
for j in range(1, M + 1):
    D[0, j] = j
for i in range(1, N + 1):
    for j in range(1, M + 1):
        D[i, j] = D[i - 1, j - 1] + (0 if a[i - 1] == b[j - 1] else 1)
        D[i, j] = D[i, j] if D[i, j] <= D[i - 1, j] + 1 else D[i - 1, j] + 1
        D[i, j] = D[i, j] if D[i, j] <= D[i, j - 1] + 1 else D[i, j - 1] + 1
""",
    check="""
cs = 0.0
for i in range(0, N + 1):
    for j in range(0, M + 1):
        cs += double(D[i, j])
return cs
""")

KERNELS["summed-area"] = dict(
    origin="scans with carried dependences: row prefix sums, then column prefix sums",
    sizes=S(dict(H=32, W=40), dict(H=128, W=160), dict(H=1024, W=1280), dict(H=2048, W=4096)),
    arrays=["T:H,W"], params={},
    init="""
for i in range(0, H):
    for j in range(0, W):
        T[i, j] = float((i * 3 + j * 5) % 7) / 8.0
""",
    kernel="""
for i in range(0, H):
    for j in range(1, W):
        T[i, j] = T[i, j - 1] + T[i, j]
for i in range(1, H):
    for j in range(0, W):
        T[i, j] = T[i - 1, j] + T[i, j]
""",
    check="""
cs = 0.0
for i in range(0, H):
    for j in range(0, W):
        cs += T[i, j]
return cs
""")

KERNELS["box-filter"] = dict(
    origin="image: separable 5x5 box filter, horizontal then vertical pass",
    sizes=S(dict(H=32, W=40), dict(H=128, W=160), dict(H=720, W=1280), dict(H=2160, W=3840)),
    arrays=["img:H,W", "tmp:H,W", "out:H,W"], params={},
    init="""
for i in range(0, H):
    for j in range(0, W):
        img[i, j] = float((i * 11 + j * 3) % 64) / 63.0
        tmp[i, j] = 0.0
        out[i, j] = 0.0
""",
    kernel="""
for i in range(0, H):
    for j in range(2, W - 2):
        tmp[i, j] = (img[i, j - 2] + img[i, j - 1] + img[i, j] + img[i, j + 1] + img[i, j + 2]) * 0.2
for i in range(2, H - 2):
    for j in range(0, W):
        out[i, j] = (tmp[i - 2, j] + tmp[i - 1, j] + tmp[i, j] + tmp[i + 1, j] + tmp[i + 2, j]) * 0.2
""",
    check="""
cs = 0.0
for i in range(0, H):
    for j in range(0, W):
        cs += out[i, j]
return cs
""")

KERNELS["mv-chain"] = dict(
    origin="linear algebra: matrix-vector chain w = C (B (A x)), C transposed",
    sizes=S(dict(N=40), dict(N=160), dict(N=1200), dict(N=4000)),
    arrays=["A:N,N", "B:N,N", "C:N,N", "x:N", "y:N", "z:N", "w:N"], params={},
    init="""
for i in range(0, N):
    x[i] = float(i % 9) / 9.0
    for j in range(0, N):
        A[i, j] = float((i * j + 1) % N) / N
        B[i, j] = float((i + j * 3) % N) / N - 0.5
        C[i, j] = float((i * 2 + j) % 7) / 7.0
""",
    kernel="""
for i in range(0, N):
    y[i] = 0.0
    for j in range(0, N):
        y[i] += A[i, j] * x[j]
for i in range(0, N):
    z[i] = 0.0
    for j in range(0, N):
        z[i] += B[i, j] * y[j]
for i in range(0, N):
    w[i] = 0.0
for j in range(0, N):
    for i in range(0, N):
        w[i] += C[j, i] * z[j]
""",
    check="""
cs = 0.0
for i in range(0, N):
    cs += w[i]
return cs
""")
