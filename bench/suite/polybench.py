"""The 30 PolyBench/C 4.2.1 kernels, our own translation into the suite's loop language (dsl.py).

Invariants: each kernel's `init`, `kernel` and `check` do what PolyBench's init_array, kernel_*
and print_array do, with the same formulas, bounds, statement order and operation order; `check`
sums, in f64 and in print order, exactly the values print_array prints. Sizes are PolyBench's
MINI/SMALL/MEDIUM/LARGE datasets. Arrays are "name:dims[:elem]"; params are kernel scalars whose
values init_array sets (name -> value or function of the sizes).
"""

def S(mini, small, medium, large):
    return {"MINI": mini, "SMALL": small, "MEDIUM": medium, "LARGE": large}

AB = {"alpha": 1.5, "beta": 1.2}

KERNELS = {}

KERNELS["correlation"] = dict(
    sizes=S(dict(M=28, N=32), dict(M=80, N=100), dict(M=240, N=260), dict(M=1200, N=1400)),
    arrays=["data:N,M", "corr:M,M", "mean:M", "stddev:M"],
    params={"float_n": lambda s: float(s["N"])},
    init="""
for i in range(0, N):
    for j in range(0, M):
        data[i, j] = float(i * j) / M + i
""",
    kernel="""
eps = 0.1
for j in range(0, M):
    mean[j] = 0.0
    for i in range(0, N):
        mean[j] += data[i, j]
    mean[j] /= float_n
for j in range(0, M):
    stddev[j] = 0.0
    for i in range(0, N):
        stddev[j] += (data[i, j] - mean[j]) * (data[i, j] - mean[j])
    stddev[j] /= float_n
    stddev[j] = sqrt(stddev[j])
    stddev[j] = 1.0 if stddev[j] <= eps else stddev[j]
for i in range(0, N):
    for j in range(0, M):
        data[i, j] -= mean[j]
        data[i, j] /= sqrt(float_n) * stddev[j]
for i in range(0, M - 1):
    corr[i, i] = 1.0
    for j in range(i + 1, M):
        corr[i, j] = 0.0
        for k in range(0, N):
            corr[i, j] += data[k, i] * data[k, j]
        corr[j, i] = corr[i, j]
corr[M - 1, M - 1] = 1.0
""",
    check="""
cs = 0.0
for i in range(0, M):
    for j in range(0, M):
        cs += corr[i, j]
return cs
""")

KERNELS["covariance"] = dict(
    sizes=S(dict(M=28, N=32), dict(M=80, N=100), dict(M=240, N=260), dict(M=1200, N=1400)),
    arrays=["data:N,M", "cov:M,M", "mean:M"],
    params={"float_n": lambda s: float(s["N"])},
    init="""
for i in range(0, N):
    for j in range(0, M):
        data[i, j] = float(i) * j / M
""",
    kernel="""
for j in range(0, M):
    mean[j] = 0.0
    for i in range(0, N):
        mean[j] += data[i, j]
    mean[j] /= float_n
for i in range(0, N):
    for j in range(0, M):
        data[i, j] -= mean[j]
for i in range(0, M):
    for j in range(i, M):
        cov[i, j] = 0.0
        for k in range(0, N):
            cov[i, j] += data[k, i] * data[k, j]
        cov[i, j] /= float_n - 1.0
        cov[j, i] = cov[i, j]
""",
    check="""
cs = 0.0
for i in range(0, M):
    for j in range(0, M):
        cs += cov[i, j]
return cs
""")

KERNELS["gemm"] = dict(
    sizes=S(dict(NI=20, NJ=25, NK=30), dict(NI=60, NJ=70, NK=80), dict(NI=200, NJ=220, NK=240),
            dict(NI=1000, NJ=1100, NK=1200)),
    arrays=["C:NI,NJ", "A:NI,NK", "B:NK,NJ"], params=AB,
    init="""
for i in range(0, NI):
    for j in range(0, NJ):
        C[i, j] = float((i * j + 1) % NI) / NI
for i in range(0, NI):
    for j in range(0, NK):
        A[i, j] = float(i * (j + 1) % NK) / NK
for i in range(0, NK):
    for j in range(0, NJ):
        B[i, j] = float(i * (j + 2) % NJ) / NJ
""",
    kernel="""
for i in range(0, NI):
    for j in range(0, NJ):
        C[i, j] *= beta
    for k in range(0, NK):
        for j in range(0, NJ):
            C[i, j] += alpha * A[i, k] * B[k, j]
""",
    check="""
cs = 0.0
for i in range(0, NI):
    for j in range(0, NJ):
        cs += C[i, j]
return cs
""")

KERNELS["gemver"] = dict(
    sizes=S(dict(N=40), dict(N=120), dict(N=400), dict(N=2000)),
    arrays=["A:N,N", "u1:N", "v1:N", "u2:N", "v2:N", "w:N", "x:N", "y:N", "z:N"], params=AB,
    init="""
fn = float(N)
for i in range(0, N):
    u1[i] = i
    u2[i] = (i + 1) / fn / 2.0
    v1[i] = (i + 1) / fn / 4.0
    v2[i] = (i + 1) / fn / 6.0
    y[i] = (i + 1) / fn / 8.0
    z[i] = (i + 1) / fn / 9.0
    x[i] = 0.0
    w[i] = 0.0
    for j in range(0, N):
        A[i, j] = float(i * j % N) / N
""",
    kernel="""
for i in range(0, N):
    for j in range(0, N):
        A[i, j] = A[i, j] + u1[i] * v1[j] + u2[i] * v2[j]
for i in range(0, N):
    for j in range(0, N):
        x[i] = x[i] + beta * A[j, i] * y[j]
for i in range(0, N):
    x[i] = x[i] + z[i]
for i in range(0, N):
    for j in range(0, N):
        w[i] = w[i] + alpha * A[i, j] * x[j]
""",
    check="""
cs = 0.0
for i in range(0, N):
    cs += w[i]
return cs
""")

KERNELS["gesummv"] = dict(
    sizes=S(dict(N=30), dict(N=90), dict(N=250), dict(N=1300)),
    arrays=["A:N,N", "B:N,N", "tmp:N", "x:N", "y:N"], params=AB,
    init="""
for i in range(0, N):
    x[i] = float(i % N) / N
    for j in range(0, N):
        A[i, j] = float((i * j + 1) % N) / N
        B[i, j] = float((i * j + 2) % N) / N
""",
    kernel="""
for i in range(0, N):
    tmp[i] = 0.0
    y[i] = 0.0
    for j in range(0, N):
        tmp[i] = A[i, j] * x[j] + tmp[i]
        y[i] = B[i, j] * x[j] + y[i]
    y[i] = alpha * tmp[i] + beta * y[i]
""",
    check="""
cs = 0.0
for i in range(0, N):
    cs += y[i]
return cs
""")

KERNELS["symm"] = dict(
    sizes=S(dict(M=20, N=30), dict(M=60, N=80), dict(M=200, N=240), dict(M=1000, N=1200)),
    arrays=["C:M,N", "A:M,M", "B:M,N"], params=AB,
    init="""
for i in range(0, M):
    for j in range(0, N):
        C[i, j] = float((i + j) % 100) / M
        B[i, j] = float((N + i - j) % 100) / M
for i in range(0, M):
    for j in range(0, i + 1):
        A[i, j] = float((i + j) % 100) / M
    for j in range(i + 1, M):
        A[i, j] = -999
""",
    kernel="""
for i in range(0, M):
    for j in range(0, N):
        temp2 = 0.0
        for k in range(0, i):
            C[k, j] += alpha * B[i, j] * A[i, k]
            temp2 += B[k, j] * A[i, k]
        C[i, j] = beta * C[i, j] + alpha * B[i, j] * A[i, i] + alpha * temp2
""",
    check="""
cs = 0.0
for i in range(0, M):
    for j in range(0, N):
        cs += C[i, j]
return cs
""")

KERNELS["syr2k"] = dict(
    sizes=S(dict(M=20, N=30), dict(M=60, N=80), dict(M=200, N=240), dict(M=1000, N=1200)),
    arrays=["C:N,N", "A:N,M", "B:N,M"], params=AB,
    init="""
for i in range(0, N):
    for j in range(0, M):
        A[i, j] = float((i * j + 1) % N) / N
        B[i, j] = float((i * j + 2) % M) / M
for i in range(0, N):
    for j in range(0, N):
        C[i, j] = float((i * j + 3) % N) / M
""",
    kernel="""
for i in range(0, N):
    for j in range(0, i + 1):
        C[i, j] *= beta
    for k in range(0, M):
        for j in range(0, i + 1):
            C[i, j] += A[j, k] * alpha * B[i, k] + B[j, k] * alpha * A[i, k]
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, N):
        cs += C[i, j]
return cs
""")

KERNELS["syrk"] = dict(
    sizes=S(dict(M=20, N=30), dict(M=60, N=80), dict(M=200, N=240), dict(M=1000, N=1200)),
    arrays=["C:N,N", "A:N,M"], params=AB,
    init="""
for i in range(0, N):
    for j in range(0, M):
        A[i, j] = float((i * j + 1) % N) / N
for i in range(0, N):
    for j in range(0, N):
        C[i, j] = float((i * j + 2) % M) / M
""",
    kernel="""
for i in range(0, N):
    for j in range(0, i + 1):
        C[i, j] *= beta
    for k in range(0, M):
        for j in range(0, i + 1):
            C[i, j] += alpha * A[i, k] * A[j, k]
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, N):
        cs += C[i, j]
return cs
""")

KERNELS["trmm"] = dict(
    sizes=S(dict(M=20, N=30), dict(M=60, N=80), dict(M=200, N=240), dict(M=1000, N=1200)),
    arrays=["A:M,M", "B:M,N"], params={"alpha": 1.5},
    init="""
for i in range(0, M):
    for j in range(0, i):
        A[i, j] = float((i + j) % M) / M
    A[i, i] = 1.0
    for j in range(0, N):
        B[i, j] = float((N + (i - j)) % N) / N
""",
    kernel="""
for i in range(0, M):
    for j in range(0, N):
        for k in range(i + 1, M):
            B[i, j] += A[k, i] * B[k, j]
        B[i, j] = alpha * B[i, j]
""",
    check="""
cs = 0.0
for i in range(0, M):
    for j in range(0, N):
        cs += B[i, j]
return cs
""")

KERNELS["2mm"] = dict(
    sizes=S(dict(NI=16, NJ=18, NK=22, NL=24), dict(NI=40, NJ=50, NK=70, NL=80),
            dict(NI=180, NJ=190, NK=210, NL=220), dict(NI=800, NJ=900, NK=1100, NL=1200)),
    arrays=["tmp:NI,NJ", "A:NI,NK", "B:NK,NJ", "C:NJ,NL", "D:NI,NL"], params=AB,
    init="""
for i in range(0, NI):
    for j in range(0, NK):
        A[i, j] = float((i * j + 1) % NI) / NI
for i in range(0, NK):
    for j in range(0, NJ):
        B[i, j] = float(i * (j + 1) % NJ) / NJ
for i in range(0, NJ):
    for j in range(0, NL):
        C[i, j] = float((i * (j + 3) + 1) % NL) / NL
for i in range(0, NI):
    for j in range(0, NL):
        D[i, j] = float(i * (j + 2) % NK) / NK
""",
    kernel="""
for i in range(0, NI):
    for j in range(0, NJ):
        tmp[i, j] = 0.0
        for k in range(0, NK):
            tmp[i, j] += alpha * A[i, k] * B[k, j]
for i in range(0, NI):
    for j in range(0, NL):
        D[i, j] *= beta
        for k in range(0, NJ):
            D[i, j] += tmp[i, k] * C[k, j]
""",
    check="""
cs = 0.0
for i in range(0, NI):
    for j in range(0, NL):
        cs += D[i, j]
return cs
""")

KERNELS["3mm"] = dict(
    sizes=S(dict(NI=16, NJ=18, NK=20, NL=22, NM=24), dict(NI=40, NJ=50, NK=60, NL=70, NM=80),
            dict(NI=180, NJ=190, NK=200, NL=210, NM=220),
            dict(NI=800, NJ=900, NK=1000, NL=1100, NM=1200)),
    arrays=["E:NI,NJ", "A:NI,NK", "B:NK,NJ", "F:NJ,NL", "C:NJ,NM", "D:NM,NL", "G:NI,NL"],
    params={},
    init="""
for i in range(0, NI):
    for j in range(0, NK):
        A[i, j] = float((i * j + 1) % NI) / (5 * NI)
for i in range(0, NK):
    for j in range(0, NJ):
        B[i, j] = float((i * (j + 1) + 2) % NJ) / (5 * NJ)
for i in range(0, NJ):
    for j in range(0, NM):
        C[i, j] = float(i * (j + 3) % NL) / (5 * NL)
for i in range(0, NM):
    for j in range(0, NL):
        D[i, j] = float((i * (j + 2) + 2) % NK) / (5 * NK)
""",
    kernel="""
for i in range(0, NI):
    for j in range(0, NJ):
        E[i, j] = 0.0
        for k in range(0, NK):
            E[i, j] += A[i, k] * B[k, j]
for i in range(0, NJ):
    for j in range(0, NL):
        F[i, j] = 0.0
        for k in range(0, NM):
            F[i, j] += C[i, k] * D[k, j]
for i in range(0, NI):
    for j in range(0, NL):
        G[i, j] = 0.0
        for k in range(0, NJ):
            G[i, j] += E[i, k] * F[k, j]
""",
    check="""
cs = 0.0
for i in range(0, NI):
    for j in range(0, NL):
        cs += G[i, j]
return cs
""")

KERNELS["atax"] = dict(
    sizes=S(dict(M=38, N=42), dict(M=116, N=124), dict(M=390, N=410), dict(M=1900, N=2100)),
    arrays=["A:M,N", "x:N", "y:N", "tmp:M"], params={},
    init="""
fn = float(N)
for i in range(0, N):
    x[i] = 1 + i / fn
for i in range(0, M):
    for j in range(0, N):
        A[i, j] = float((i + j) % N) / (5 * M)
""",
    kernel="""
for i in range(0, N):
    y[i] = 0
for i in range(0, M):
    tmp[i] = 0.0
    for j in range(0, N):
        tmp[i] = tmp[i] + A[i, j] * x[j]
    for j in range(0, N):
        y[j] = y[j] + A[i, j] * tmp[i]
""",
    check="""
cs = 0.0
for i in range(0, N):
    cs += y[i]
return cs
""")

KERNELS["bicg"] = dict(
    sizes=S(dict(M=38, N=42), dict(M=116, N=124), dict(M=390, N=410), dict(M=1900, N=2100)),
    arrays=["A:N,M", "s:M", "q:N", "p:M", "r:N"], params={},
    init="""
for i in range(0, M):
    p[i] = float(i % M) / M
for i in range(0, N):
    r[i] = float(i % N) / N
    for j in range(0, M):
        A[i, j] = float(i * (j + 1) % N) / N
""",
    kernel="""
for i in range(0, M):
    s[i] = 0
for i in range(0, N):
    q[i] = 0.0
    for j in range(0, M):
        s[j] = s[j] + r[i] * A[i, j]
        q[i] = q[i] + A[i, j] * p[j]
""",
    check="""
cs = 0.0
for i in range(0, M):
    cs += s[i]
for i in range(0, N):
    cs += q[i]
return cs
""")

KERNELS["doitgen"] = dict(
    sizes=S(dict(NQ=8, NR=10, NP=12), dict(NQ=20, NR=25, NP=30), dict(NQ=40, NR=50, NP=60),
            dict(NQ=140, NR=150, NP=160)),
    arrays=["A:NR,NQ,NP", "C4:NP,NP", "sum:NP"], params={},
    init="""
for i in range(0, NR):
    for j in range(0, NQ):
        for k in range(0, NP):
            A[i, j, k] = float((i * j + k) % NP) / NP
for i in range(0, NP):
    for j in range(0, NP):
        C4[i, j] = float(i * j % NP) / NP
""",
    kernel="""
for r in range(0, NR):
    for q in range(0, NQ):
        for p in range(0, NP):
            sum[p] = 0.0
            for s in range(0, NP):
                sum[p] += A[r, q, s] * C4[s, p]
        for p in range(0, NP):
            A[r, q, p] = sum[p]
""",
    check="""
cs = 0.0
for i in range(0, NR):
    for j in range(0, NQ):
        for k in range(0, NP):
            cs += A[i, j, k]
return cs
""")

KERNELS["mvt"] = dict(
    sizes=S(dict(N=40), dict(N=120), dict(N=400), dict(N=2000)),
    arrays=["x1:N", "x2:N", "y_1:N", "y_2:N", "A:N,N"], params={},
    init="""
for i in range(0, N):
    x1[i] = float(i % N) / N
    x2[i] = float((i + 1) % N) / N
    y_1[i] = float((i + 3) % N) / N
    y_2[i] = float((i + 4) % N) / N
    for j in range(0, N):
        A[i, j] = float(i * j % N) / N
""",
    kernel="""
for i in range(0, N):
    for j in range(0, N):
        x1[i] = x1[i] + A[i, j] * y_1[j]
for i in range(0, N):
    for j in range(0, N):
        x2[i] = x2[i] + A[j, i] * y_2[j]
""",
    check="""
cs = 0.0
for i in range(0, N):
    cs += x1[i]
for i in range(0, N):
    cs += x2[i]
return cs
""")

# The positive semi-definite matrix of cholesky, lu and ludcmp's init_array (B: scratch).
PSD_INIT = """
for i in range(0, N):
    for j in range(0, i + 1):
        A[i, j] = float(-j % N) / N + 1
    for j in range(i + 1, N):
        A[i, j] = 0
    A[i, i] = 1
for r in range(0, N):
    for s in range(0, N):
        B[r, s] = 0
for t in range(0, N):
    for r in range(0, N):
        for s in range(0, N):
            B[r, s] += A[r, t] * A[s, t]
for r in range(0, N):
    for s in range(0, N):
        A[r, s] = B[r, s]
"""
NSIZES = S(dict(N=40), dict(N=120), dict(N=400), dict(N=2000))

KERNELS["cholesky"] = dict(
    sizes=NSIZES, arrays=["A:N,N"], scratch=["B:N,N"], params={}, init=PSD_INIT,
    kernel="""
for i in range(0, N):
    for j in range(0, i):
        for k in range(0, j):
            A[i, j] -= A[i, k] * A[j, k]
        A[i, j] /= A[j, j]
    for k in range(0, i):
        A[i, i] -= A[i, k] * A[i, k]
    A[i, i] = sqrt(A[i, i])
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, i + 1):
        cs += A[i, j]
return cs
""")

KERNELS["lu"] = dict(
    sizes=NSIZES, arrays=["A:N,N"], scratch=["B:N,N"], params={}, init=PSD_INIT,
    kernel="""
for i in range(0, N):
    for j in range(0, i):
        for k in range(0, j):
            A[i, j] -= A[i, k] * A[k, j]
        A[i, j] /= A[j, j]
    for j in range(i, N):
        for k in range(0, i):
            A[i, j] -= A[i, k] * A[k, j]
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, N):
        cs += A[i, j]
return cs
""")

KERNELS["ludcmp"] = dict(
    sizes=NSIZES, arrays=["A:N,N", "b:N", "x:N", "y:N"], scratch=["B:N,N"], params={},
    init="""
fn = float(N)
for i in range(0, N):
    x[i] = 0
    y[i] = 0
    b[i] = (i + 1) / fn / 2.0 + 4
""" + PSD_INIT,
    kernel="""
for i in range(0, N):
    for j in range(0, i):
        w = A[i, j]
        for k in range(0, j):
            w -= A[i, k] * A[k, j]
        A[i, j] = w / A[j, j]
    for j in range(i, N):
        w = A[i, j]
        for k in range(0, i):
            w -= A[i, k] * A[k, j]
        A[i, j] = w
for i in range(0, N):
    w = b[i]
    for j in range(0, i):
        w -= A[i, j] * y[j]
    y[i] = w
for i in range(N - 1, -1, -1):
    w = y[i]
    for j in range(i + 1, N):
        w -= A[i, j] * x[j]
    x[i] = w / A[i, i]
""",
    check="""
cs = 0.0
for i in range(0, N):
    cs += x[i]
return cs
""")

KERNELS["trisolv"] = dict(
    sizes=NSIZES, arrays=["L:N,N", "x:N", "b:N"], params={},
    init="""
for i in range(0, N):
    x[i] = -999
    b[i] = i
    for j in range(0, i + 1):
        L[i, j] = float(i + N - j + 1) * 2 / N
""",
    kernel="""
for i in range(0, N):
    x[i] = b[i]
    for j in range(0, i):
        x[i] -= L[i, j] * x[j]
    x[i] = x[i] / L[i, i]
""",
    check="""
cs = 0.0
for i in range(0, N):
    cs += x[i]
return cs
""")

KERNELS["durbin"] = dict(
    sizes=NSIZES, arrays=["r:N", "y:N", "z:N"], params={},
    init="""
for i in range(0, N):
    r[i] = N + 1 - i
""",
    kernel="""
y[0] = -r[0]
beta = 1.0
alpha = -r[0]
for k in range(1, N):
    beta = (1 - alpha * alpha) * beta
    sum = 0.0
    for i in range(0, k):
        sum += r[k - i - 1] * y[i]
    alpha = -(r[k] + sum) / beta
    for i in range(0, k):
        z[i] = y[i] + alpha * y[k - i - 1]
    for i in range(0, k):
        y[i] = z[i]
    y[k] = alpha
""",
    check="""
cs = 0.0
for i in range(0, N):
    cs += y[i]
return cs
""")

KERNELS["gramschmidt"] = dict(
    sizes=S(dict(M=20, N=30), dict(M=60, N=80), dict(M=200, N=240), dict(M=1000, N=1200)),
    arrays=["A:M,N", "R:N,N", "Q:M,N"], params={},
    init="""
for i in range(0, M):
    for j in range(0, N):
        A[i, j] = float(i * j % M) / M * 100 + 10
        Q[i, j] = 0.0
for i in range(0, N):
    for j in range(0, N):
        R[i, j] = 0.0
""",
    kernel="""
for k in range(0, N):
    nrm = 0.0
    for i in range(0, M):
        nrm += A[i, k] * A[i, k]
    R[k, k] = sqrt(nrm)
    for i in range(0, M):
        Q[i, k] = A[i, k] / R[k, k]
    for j in range(k + 1, N):
        R[k, j] = 0.0
        for i in range(0, M):
            R[k, j] += Q[i, k] * A[i, j]
        for i in range(0, M):
            A[i, j] = A[i, j] - Q[i, k] * R[k, j]
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, N):
        cs += R[i, j]
for i in range(0, M):
    for j in range(0, N):
        cs += Q[i, j]
return cs
""")

KERNELS["deriche"] = dict(
    dtype="f32",
    sizes=S(dict(W=64, H=64), dict(W=192, H=128), dict(W=720, H=480), dict(W=4096, H=2160)),
    arrays=["imgIn:W,H", "imgOut:W,H", "y1:W,H", "y2:W,H"], params={"alpha": 0.25},
    init="""
for i in range(0, W):
    for j in range(0, H):
        imgIn[i, j] = float((313 * i + 991 * j) % 65536) / 65535.0
""",
    kernel="""
k = (1.0 - exp(-alpha)) * (1.0 - exp(-alpha)) / (1.0 + 2.0 * alpha * exp(-alpha) - exp(2.0 * alpha))
a1 = k
a5 = k
a2 = k * exp(-alpha) * (alpha - 1.0)
a6 = a2
a3 = k * exp(-alpha) * (alpha + 1.0)
a7 = a3
a4 = -k * exp(-2.0 * alpha)
a8 = a4
b1 = pow(2.0, -alpha)
b2 = -exp(-2.0 * alpha)
c1 = float(1)
c2 = float(1)
for i in range(0, W):
    ym1 = 0.0
    ym2 = 0.0
    xm1 = 0.0
    for j in range(0, H):
        y1[i, j] = a1 * imgIn[i, j] + a2 * xm1 + b1 * ym1 + b2 * ym2
        xm1 = imgIn[i, j]
        ym2 = ym1
        ym1 = y1[i, j]
for i in range(0, W):
    yp1 = 0.0
    yp2 = 0.0
    xp1 = 0.0
    xp2 = 0.0
    for j in range(H - 1, -1, -1):
        y2[i, j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2
        xp2 = xp1
        xp1 = imgIn[i, j]
        yp2 = yp1
        yp1 = y2[i, j]
for i in range(0, W):
    for j in range(0, H):
        imgOut[i, j] = c1 * (y1[i, j] + y2[i, j])
for j in range(0, H):
    tm1 = 0.0
    ym1 = 0.0
    ym2 = 0.0
    for i in range(0, W):
        y1[i, j] = a5 * imgOut[i, j] + a6 * tm1 + b1 * ym1 + b2 * ym2
        tm1 = imgOut[i, j]
        ym2 = ym1
        ym1 = y1[i, j]
for j in range(0, H):
    tp1 = 0.0
    tp2 = 0.0
    yp1 = 0.0
    yp2 = 0.0
    for i in range(W - 1, -1, -1):
        y2[i, j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2
        tp2 = tp1
        tp1 = imgOut[i, j]
        yp2 = yp1
        yp1 = y2[i, j]
for i in range(0, W):
    for j in range(0, H):
        imgOut[i, j] = c2 * (y1[i, j] + y2[i, j])
""",
    check="""
cs = 0.0
for i in range(0, W):
    for j in range(0, H):
        cs += double(imgOut[i, j])
return cs
""")

KERNELS["floyd-warshall"] = dict(
    sizes=S(dict(N=60), dict(N=180), dict(N=500), dict(N=2800)),
    arrays=["path:N,N:i32"], params={},
    init="""
for i in range(0, N):
    for j in range(0, N):
        path[i, j] = 999 if (i + j) % 13 == 0 or (i + j) % 7 == 0 or (i + j) % 11 == 0 else i * j % 7 + 1
""",
    kernel="""
for k in range(0, N):
    for i in range(0, N):
        for j in range(0, N):
            path[i, j] = path[i, j] if path[i, j] < path[i, k] + path[k, j] else path[i, k] + path[k, j]
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, N):
        cs += double(path[i, j])
return cs
""")

KERNELS["nussinov"] = dict(
    sizes=S(dict(N=60), dict(N=180), dict(N=500), dict(N=2500)),
    arrays=["seq:N:i8", "table:N,N:i32"], params={},
    init="""
for i in range(0, N):
    seq[i] = (i + 1) % 4
for i in range(0, N):
    for j in range(0, N):
        table[i, j] = 0
""",
    kernel="""
for i in range(N - 1, -1, -1):
    for j in range(i + 1, N):
        if j - 1 >= 0:
            table[i, j] = table[i, j] if table[i, j] >= table[i, j - 1] else table[i, j - 1]
        if i + 1 < N:
            table[i, j] = table[i, j] if table[i, j] >= table[i + 1, j] else table[i + 1, j]
        if j - 1 >= 0 and i + 1 < N:
            if i < j - 1:
                table[i, j] = table[i, j] if table[i, j] >= table[i + 1, j - 1] + (1 if seq[i] + seq[j] == 3 else 0) else table[i + 1, j - 1] + (1 if seq[i] + seq[j] == 3 else 0)
            else:
                table[i, j] = table[i, j] if table[i, j] >= table[i + 1, j - 1] else table[i + 1, j - 1]
        for k in range(i + 1, j):
            table[i, j] = table[i, j] if table[i, j] >= table[i, k] + table[k + 1, j] else table[i, k] + table[k + 1, j]
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(i, N):
        cs += double(table[i, j])
return cs
""")

KERNELS["adi"] = dict(
    sizes=S(dict(TSTEPS=20, N=20), dict(TSTEPS=40, N=60), dict(TSTEPS=100, N=200),
            dict(TSTEPS=500, N=1000)),
    arrays=["u:N,N", "v:N,N", "p:N,N", "q:N,N"], params={},
    init="""
for i in range(0, N):
    for j in range(0, N):
        u[i, j] = float(i + N - j) / N
""",
    kernel="""
DX = 1.0 / float(N)
DY = 1.0 / float(N)
dT = 1.0 / float(TSTEPS)
B1 = 2.0
B2 = 1.0
mul1 = B1 * dT / (DX * DX)
mul2 = B2 * dT / (DY * DY)
a = -mul1 / 2.0
b = 1.0 + mul1
c = a
d = -mul2 / 2.0
e = 1.0 + mul2
f = d
for t in range(1, TSTEPS + 1):
    for i in range(1, N - 1):
        v[0, i] = 1.0
        p[i, 0] = 0.0
        q[i, 0] = v[0, i]
        for j in range(1, N - 1):
            p[i, j] = -c / (a * p[i, j - 1] + b)
            q[i, j] = (-d * u[j, i - 1] + (1.0 + 2.0 * d) * u[j, i] - f * u[j, i + 1] - a * q[i, j - 1]) / (a * p[i, j - 1] + b)
        v[N - 1, i] = 1.0
        for j in range(N - 2, 0, -1):
            v[j, i] = p[i, j] * v[j + 1, i] + q[i, j]
    for i in range(1, N - 1):
        u[i, 0] = 1.0
        p[i, 0] = 0.0
        q[i, 0] = u[i, 0]
        for j in range(1, N - 1):
            p[i, j] = -f / (d * p[i, j - 1] + e)
            q[i, j] = (-a * v[i - 1, j] + (1.0 + 2.0 * a) * v[i, j] - c * v[i + 1, j] - d * q[i, j - 1]) / (d * p[i, j - 1] + e)
        u[i, N - 1] = 1.0
        for j in range(N - 2, 0, -1):
            u[i, j] = p[i, j] * u[i, j + 1] + q[i, j]
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, N):
        cs += u[i, j]
return cs
""")

KERNELS["fdtd-2d"] = dict(
    sizes=S(dict(TMAX=20, NX=20, NY=30), dict(TMAX=40, NX=60, NY=80),
            dict(TMAX=100, NX=200, NY=240), dict(TMAX=500, NX=1000, NY=1200)),
    arrays=["ex:NX,NY", "ey:NX,NY", "hz:NX,NY", "_fict_:TMAX"], params={},
    init="""
for i in range(0, TMAX):
    _fict_[i] = float(i)
for i in range(0, NX):
    for j in range(0, NY):
        ex[i, j] = float(i) * (j + 1) / NX
        ey[i, j] = float(i) * (j + 2) / NY
        hz[i, j] = float(i) * (j + 3) / NX
""",
    kernel="""
for t in range(0, TMAX):
    for j in range(0, NY):
        ey[0, j] = _fict_[t]
    for i in range(1, NX):
        for j in range(0, NY):
            ey[i, j] = ey[i, j] - 0.5 * (hz[i, j] - hz[i - 1, j])
    for i in range(0, NX):
        for j in range(1, NY):
            ex[i, j] = ex[i, j] - 0.5 * (hz[i, j] - hz[i, j - 1])
    for i in range(0, NX - 1):
        for j in range(0, NY - 1):
            hz[i, j] = hz[i, j] - 0.7 * (ex[i, j + 1] - ex[i, j] + ey[i + 1, j] - ey[i, j])
""",
    check="""
cs = 0.0
for i in range(0, NX):
    for j in range(0, NY):
        cs += ex[i, j]
for i in range(0, NX):
    for j in range(0, NY):
        cs += ey[i, j]
for i in range(0, NX):
    for j in range(0, NY):
        cs += hz[i, j]
return cs
""")

KERNELS["heat-3d"] = dict(
    sizes=S(dict(TSTEPS=20, N=10), dict(TSTEPS=40, N=20), dict(TSTEPS=100, N=40),
            dict(TSTEPS=500, N=120)),
    arrays=["A:N,N,N", "B:N,N,N"], params={},
    init="""
for i in range(0, N):
    for j in range(0, N):
        for k in range(0, N):
            B[i, j, k] = float(i + j + (N - k)) * 10 / N
            A[i, j, k] = B[i, j, k]
""",
    kernel="""
for t in range(1, TSTEPS + 1):
    for i in range(1, N - 1):
        for j in range(1, N - 1):
            for k in range(1, N - 1):
                B[i, j, k] = 0.125 * (A[i + 1, j, k] - 2.0 * A[i, j, k] + A[i - 1, j, k]) + 0.125 * (A[i, j + 1, k] - 2.0 * A[i, j, k] + A[i, j - 1, k]) + 0.125 * (A[i, j, k + 1] - 2.0 * A[i, j, k] + A[i, j, k - 1]) + A[i, j, k]
    for i in range(1, N - 1):
        for j in range(1, N - 1):
            for k in range(1, N - 1):
                A[i, j, k] = 0.125 * (B[i + 1, j, k] - 2.0 * B[i, j, k] + B[i - 1, j, k]) + 0.125 * (B[i, j + 1, k] - 2.0 * B[i, j, k] + B[i, j - 1, k]) + 0.125 * (B[i, j, k + 1] - 2.0 * B[i, j, k] + B[i, j, k - 1]) + B[i, j, k]
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, N):
        for k in range(0, N):
            cs += A[i, j, k]
return cs
""")

KERNELS["jacobi-1d"] = dict(
    sizes=S(dict(TSTEPS=20, N=30), dict(TSTEPS=40, N=120), dict(TSTEPS=100, N=400),
            dict(TSTEPS=500, N=2000)),
    arrays=["A:N", "B:N"], params={},
    init="""
for i in range(0, N):
    A[i] = (float(i) + 2) / N
    B[i] = (float(i) + 3) / N
""",
    kernel="""
for t in range(0, TSTEPS):
    for i in range(1, N - 1):
        B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1])
    for i in range(1, N - 1):
        A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1])
""",
    check="""
cs = 0.0
for i in range(0, N):
    cs += A[i]
return cs
""")

KERNELS["jacobi-2d"] = dict(
    sizes=S(dict(TSTEPS=20, N=30), dict(TSTEPS=40, N=90), dict(TSTEPS=100, N=250),
            dict(TSTEPS=500, N=1300)),
    arrays=["A:N,N", "B:N,N"], params={},
    init="""
for i in range(0, N):
    for j in range(0, N):
        A[i, j] = (float(i) * (j + 2) + 2) / N
        B[i, j] = (float(i) * (j + 3) + 3) / N
""",
    kernel="""
for t in range(0, TSTEPS):
    for i in range(1, N - 1):
        for j in range(1, N - 1):
            B[i, j] = 0.2 * (A[i, j] + A[i, j - 1] + A[i, 1 + j] + A[1 + i, j] + A[i - 1, j])
    for i in range(1, N - 1):
        for j in range(1, N - 1):
            A[i, j] = 0.2 * (B[i, j] + B[i, j - 1] + B[i, 1 + j] + B[1 + i, j] + B[i - 1, j])
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, N):
        cs += A[i, j]
return cs
""")

KERNELS["seidel-2d"] = dict(
    sizes=S(dict(TSTEPS=20, N=40), dict(TSTEPS=40, N=120), dict(TSTEPS=100, N=400),
            dict(TSTEPS=500, N=2000)),
    arrays=["A:N,N"], params={},
    init="""
for i in range(0, N):
    for j in range(0, N):
        A[i, j] = (float(i) * (j + 2) + 2) / N
""",
    kernel="""
for t in range(0, TSTEPS):
    for i in range(1, N - 1):
        for j in range(1, N - 1):
            A[i, j] = (A[i - 1, j - 1] + A[i - 1, j] + A[i - 1, j + 1] + A[i, j - 1] + A[i, j] + A[i, j + 1] + A[i + 1, j - 1] + A[i + 1, j] + A[i + 1, j + 1]) / 9.0
""",
    check="""
cs = 0.0
for i in range(0, N):
    for j in range(0, N):
        cs += A[i, j]
return cs
""")
