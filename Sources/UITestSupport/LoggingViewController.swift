import KinemaGeometry
import KinemaUI

/// Lines of what happened, in order, shared by the controllers of one test.
public final class EventLog {
    public init() {}
    public var entries: [String] = []
    public func add(_ entry: String) { entries.append(entry) }
    /// Returns the entries and forgets them.
    public func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller that logs its lifecycle calls as `NAME.call` (appearance calls with their
/// `animated` flag).
open class LoggingViewController: ViewController {
    public let name: String
    public let log: EventLog

    public init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
        super.init()
    }

    override open func loadView() {
        log.add("\(name).loadView")
        super.loadView()
    }
    override open func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override open func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear(\(animated))") }
    override open func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear(\(animated))") }
    override open func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear(\(animated))") }
    override open func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear(\(animated))") }
    override open func willMove(toParent parent: ViewController?) { log.add("\(name).willMove(\(parent.map { _ in "parent" } ?? "nil"))") }
    override open func didMove(toParent parent: ViewController?) { log.add("\(name).didMove(\(parent.map { _ in "parent" } ?? "nil"))") }
}

/// A key, visible 375 × 667 window whose root `A` has appeared; the log is empty.
public func makeRootStage(safeAreaTop: Double = 0) -> (Window, LoggingViewController, EventLog) {
    let log = EventLog()
    let window = Window(
        frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: EdgeInsets(top: safeAreaTop, left: 0, bottom: 0, right: 0))
    let root = LoggingViewController("A", log: log)
    window.rootViewController = root
    window.makeKeyAndVisible()
    window.advance(to: 0)
    _ = log.take()
    return (window, root, log)
}
