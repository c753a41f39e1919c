import KinemaComponents
import KinemaGeometry
import KinemaUI

extension Scene {
    /// Shows the overlay `spec` describes in the window (in front of the views) and registers it
    /// under its id. A `source` view is read once, now: its bounds in window coordinates.
    func show(_ spec: OverlaySpec) {
        switch spec.content {
        case .tooltip(let t):
            let tooltip = Tooltip()
            tooltip.layer.name = spec.id
            if let c = t.bubbleColor { tooltip.bubbleColor = c }
            if let c = t.textColor { tooltip.textColor = c }
            if let name = t.font {
                tooltip.font = Font(name: name, size: t.fontSize ?? tooltip.font.pointSize) ?? tooltip.font
            } else if let size = t.fontSize {
                tooltip.font = tooltip.font.withSize(size)
            }
            if let r = t.cornerRadius { tooltip.cornerRadius = r }
            if let s = t.arrowSize { tooltip.arrowSize = s }
            if let m = t.edgeMargin { tooltip.edgeMargin = m }
            tooltip.duration = t.duration
            switch t.source {
            case .rect(let r):
                tooltips[spec.id] = tooltip
                tooltip.show(text: t.text, from: r, in: window, directions: t.directions, maxWidth: t.maxWidth)
            case .view(let id):
                guard let view = views[id] else { return }
                tooltips[spec.id] = tooltip
                // Shown from the view itself, so the bubble follows it when it moves.
                tooltip.show(text: t.text, from: view, in: window, directions: t.directions, maxWidth: t.maxWidth)
            }
        case .tutorial(let t):
            var steps: [TutorialStep] = []
            for step in t.steps {
                let target: TutorialStep.Target
                switch step.target {
                case .rect(let r): target = .rect(r)
                case .view(let id):
                    guard let view = views[id] else { return }
                    target = .view(view)
                }
                steps.append(
                    TutorialStep(target: target, title: step.title, message: step.message, preferredArrowDirection: step.direction))
            }
            let tutorial = Tutorial(steps: steps)
            tutorials[spec.id] = tutorial
            tutorial.start(in: window)
        }
    }
}
