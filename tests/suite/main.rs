fn main() {}
mod fide_published;
