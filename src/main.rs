fn main() -> std::process::ExitCode {
    optica::cli::main()
}
