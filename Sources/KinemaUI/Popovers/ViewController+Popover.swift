extension ViewController {
    /// The popover presentation controller of this controller when its `modalPresentationStyle`
    /// is ``ModalPresentationStyle/popover`` (made on first access, so it can be configured
    /// before presenting; a new one after each dismissal), `nil` otherwise. Mirrors
    /// `UIViewController.popoverPresentationController`.
    public var popoverPresentationController: PopoverPresentationController? {
        if let shown = presentationController as? PopoverPresentationController { return shown }
        guard modalPresentationStyle == .popover else { return nil }
        if let stored = popoverStorage { return stored }
        let made = PopoverPresentationController(presentedViewController: self, presenting: nil)
        popoverStorage = made
        return made
    }
}
