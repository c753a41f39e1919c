extension Window {
    /// Placeholder until view controllers land.
    func rootViewControllerDidChange(from old: ViewController?) {}
}
