/// Placeholder: the gesture-recognizer state machine is being written (issue 4 § 3).
open class GestureRecognizer {
    public internal(set) weak var view: View?
    public init() {}
}
