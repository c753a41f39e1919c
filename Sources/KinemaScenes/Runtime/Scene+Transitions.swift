import KinemaGeometry
import KinemaUI

extension Scene {
    /// Makes the document's transitions: a clear root controller behind the scene's views to
    /// present from, and a tap recognizer on each source presented on tap.
    func prepareTransitions() {
        guard !document.transitions.isEmpty else { return }
        let root = ViewController()
        root.view.backgroundColor = nil
        root.view.isUserInteractionEnabled = false
        window.rootViewController = root
        window.makeKeyAndVisible()
        transitionRoot = root
        for spec in document.transitions {
            guard let source = views[spec.source] as? ImageView else { continue }
            let transition = SceneTransition(spec: spec, source: source, root: root)
            transitions[spec.id] = transition
            guard spec.presentOnTap else { continue }
            source.isUserInteractionEnabled = true
            let tap = TapGestureRecognizer { [weak transition] _ in transition?.present() }
            tap.name = spec.id + ".tap"
            source.addGestureRecognizer(tap)
        }
    }
}
