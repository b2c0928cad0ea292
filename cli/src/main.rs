//! The `lattice` command-line driver.

fn main() {
    println!("lattice: not yet built");
}
