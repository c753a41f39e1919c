/// Placeholder: view controllers are being written (issue 4 § 4).
open class ViewController {
    public init() {}
}
