import KinemaGeometry

extension PopoverLayout.Problem {
    /// `minX + maxX` of the container: x mirrors to `mirrorSum − x`.
    var mirrorSum: Double { container.minX + container.maxX }

    /// The problem mirrored left to right about the container's vertical centre line: U and the
    /// source mirror, the content insets swap left and right, and the preference list stays as
    /// it is (so, solved and mirrored back, `.left` means "toward the leading side").
    func mirrored() -> Self {
        var m = self
        let sum = mirrorSum
        m.usable = usable.mirrored(sum)
        m.reach = reach.mirrored(sum)
        m.source = source?.mirrored(sum)
        m.contentInsets = EdgeInsets(
            top: contentInsets.top, left: contentInsets.right, bottom: contentInsets.bottom, right: contentInsets.left)
        return m
    }
}

extension Rect {
    /// The rectangle mirrored left to right: x becomes `sum − x`.
    func mirrored(_ sum: Double) -> Rect {
        Rect(x: sum - maxX, y: minY, width: width, height: height)
    }
}

extension PopoverPlacement {
    /// The placement mirrored left to right (x becomes `sum − x`): frames and arrow mirror,
    /// left and right arrows swap, the base stays in increasing x or y, and the offset is
    /// measured again from the mirrored frame.
    func mirrored(_ sum: Double) -> PopoverPlacement {
        var direction = arrowDirection
        if direction == .left {
            direction = .right
        } else if direction == .right {
            direction = .left
        }
        let frame = frame.mirrored(sum)
        let tip = Point(x: sum - arrowTip.x, y: arrowTip.y)
        var base = arrowBase.map { Point(x: sum - $0.x, y: $0.y) }
        var offset = arrowOffset
        if direction == .up || direction == .down {
            base.reverse()
            offset = tip.x - frame.midX
        } else if direction == .left || direction == .right {
            offset = tip.y - frame.midY
        }
        return PopoverPlacement(
            arrowDirection: direction, frame: frame, bubbleFrame: bubbleFrame.mirrored(sum), contentFrame: contentFrame.mirrored(sum),
            arrowTip: tip, arrowBase: base, arrowOffset: offset, arrowReachesSource: arrowReachesSource, textWidth: textWidth,
            cornerRadii: cornerRadii.mirrored)
    }
}
