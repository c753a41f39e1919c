import KinemaGeometry
import Testing

@testable import KinemaUI

/// The usual UIKit popover delegate, written as on iOS: it keeps the popover on a phone.
final class KeepsPopoverDelegate: PopoverPresentationControllerDelegate {
    var asked: [ObjectIdentifier] = []
    var answer = ModalPresentationStyle.none

    func adaptivePresentationStyle(for controller: PresentationController) -> ModalPresentationStyle {
        asked.append(ObjectIdentifier(controller))
        return answer
    }
}

/// A delegate that implements nothing: the protocol's defaults apply.
final class SilentPopoverDelegate: PopoverPresentationControllerDelegate {}

@Suite struct PopoverAdaptiveStyleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let answer: ModalPresentationStyle
        let staysPopover: Bool
        var testDescription: String { "\(answer)" }
    }

    @Test(arguments: [
        Case(answer: .none, staysPopover: true), Case(answer: .popover, staysPopover: true),
        Case(answer: .fullScreen, staysPopover: false), Case(answer: .overFullScreen, staysPopover: false),
    ])
    func theDelegateIsAskedOnceAndItsStyleIsUsed(_ c: Case) throws {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        let delegate = KeepsPopoverDelegate()
        delegate.answer = c.answer
        let popover = stage.popover
        popover.delegate = delegate
        stage.root.present(stage.content, animated: false)
        stage.window.advance(to: 1)
        #expect(delegate.asked == [ObjectIdentifier(popover)])
        let pc = try #require(stage.content.presentationController)
        #expect((pc === popover) == c.staysPopover)
        #expect(pc.presentationStyle == (c.staysPopover ? .popover : c.answer))
        if c.staysPopover {
            #expect(popover.placement != nil)
        } else {
            #expect(stage.content.view.frame == stage.window.bounds)
        }
        stage.content.dismiss(animated: false)
        stage.window.advance(to: 2)
        #expect(stage.root.presentedViewController == nil)
    }

    @Test func theDefaultKeepsThePopover() throws {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        let delegate = SilentPopoverDelegate()
        stage.popover.delegate = delegate
        #expect(delegate.adaptivePresentationStyle(for: stage.popover) == .none)
        stage.root.present(stage.content, animated: false)
        stage.window.advance(to: 1)
        #expect(stage.content.presentationController === stage.popover)
    }

    @Test func presentingWithNoneShowsFullScreen() throws {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        let plain = ViewController()
        plain.modalPresentationStyle = .none
        stage.root.present(plain, animated: false)
        stage.window.advance(to: 1)
        #expect(plain.presentationController?.presentationStyle == .fullScreen)
        #expect(plain.popoverPresentationController == nil)
    }
}
