/// `"touch"`: one touch sample at the step's time. Touches are not actions of the step's
/// transaction: their samples are delivered at their own times.
enum TouchAction: StepActionKind {
    static let name = "touch"
    static let stage = StepAction.Stage.touches

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        step.touches += SceneTouch.decodeTouch(value, time: step.time, at: path, issues: step.issues)
    }
}

/// `"tap"`: the samples of a tap starting at the step's time.
enum TapAction: StepActionKind {
    static let name = "tap"
    static let stage = StepAction.Stage.touches

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        step.touches += SceneTouch.decodeTap(value, time: step.time, at: path, issues: step.issues)
    }
}

/// `"drag"`: the samples of a drag starting at the step's time.
enum DragAction: StepActionKind {
    static let name = "drag"
    static let stage = StepAction.Stage.touches

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        step.touches += SceneTouch.decodeDrag(value, time: step.time, at: path, issues: step.issues)
    }
}
