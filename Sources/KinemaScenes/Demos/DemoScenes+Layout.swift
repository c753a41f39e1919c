extension DemoScenes {
    /// The layout demo: a settings screen laid out by Auto Layout alone, with no frame in the
    /// file. A title under the safe area, a grouped list (a vertical stack view whose 1-point
    /// gaps over its grey background are the separators) of rows pinned to the margins, and a
    /// footnote under the list. At 0.8 s the Notifications row opens with a spring (its height
    /// constraint's constant, 48 → 124, changed in a view animation block that lays the window
    /// out, as `UIView.animate { layoutIfNeeded() }` does) and its detail fades in, pushing the
    /// rows below and the footnote down; at 2.2 s the tip row collapses (an arranged view hidden
    /// inside an animation block; its height is at priority 999, as in UIKit, so that the
    /// stack's required zero height for a hidden view wins); at 3.4 s the row closes; at 4.6 s
    /// the tip comes back.
    /// 375 × 667 points at scale 2, 6 seconds.
    public static let layout = #"""
        {
          "kinema": 1,
          "size": [375, 667],
          "scale": 2,
          "background": "#F2F2F7",
          "duration": 6,
          "safeAreaInsets": [47, 0, 34, 0],
          "views": [
            { "id": "heading", "type": "label", "text": "Settings", "font": "Sans Bold", "fontSize": 34, "textColor": "#000000",
              "constraints": [ "heading.top == safeArea.top + 8", "heading.leading == margins.leading + 8" ] },
            { "id": "list", "type": "stackView", "axis": "vertical", "spacing": 1, "backgroundColor": "#C6C6C8",
              "cornerRadius": 10, "clipsToBounds": true,
              "constraints": [ "list.top == heading.bottom + 16", "list.leading == margins.leading", "list.trailing == margins.trailing" ],
              "arrangedSubviews": [
                { "id": "wifi", "backgroundColor": "#FFFFFF", "constraints": [ "wifi.height == 48" ],
                  "subviews": [
                    { "id": "wifiTitle", "type": "label", "text": "Wi-Fi", "fontSize": 17, "textColor": "#000000",
                      "constraints": [ "wifiTitle.leading == superview.leading + 16", "wifiTitle.centerY == superview.centerY" ] },
                    { "id": "wifiValue", "type": "label", "text": "Home", "fontSize": 17, "textColor": "#8E8E93",
                      "constraints": [ "wifiValue.trailing == superview.trailing - 16", "wifiValue.centerY == superview.centerY" ] } ] },
                { "id": "notifications", "backgroundColor": "#FFFFFF", "clipsToBounds": true,
                  "constraints": [ { "id": "notificationsHeight", "constraint": "notifications.height == 48" } ],
                  "subviews": [
                    { "id": "notificationsTitle", "type": "label", "text": "Notifications", "fontSize": 17, "textColor": "#000000",
                      "constraints": [ "notificationsTitle.leading == superview.leading + 16",
                                       "notificationsTitle.top == superview.top + 13" ] },
                    { "id": "notificationsBadge", "backgroundColor": "#FF3B30", "cornerRadius": 11,
                      "constraints": [ "notificationsBadge.trailing == superview.trailing - 16",
                                       "notificationsBadge.centerY == notificationsTitle.centerY",
                                       "notificationsBadge.width == 22", "notificationsBadge.height == 22" ] },
                    { "id": "notificationsDetail", "type": "label", "numberOfLines": 0, "alpha": 0, "fontSize": 15, "textColor": "#3C3C43",
                      "text": "Banners, sounds and badges for every app. Each row is laid out by constraints; this one grows by a constant.",
                      "constraints": [ "notificationsDetail.top == notificationsTitle.bottom + 10",
                                       "notificationsDetail.leading == notificationsTitle.leading",
                                       "notificationsDetail.trailing == superview.trailing - 16" ] } ] },
                { "id": "tip", "backgroundColor": "#FFF4CE", "clipsToBounds": true, "constraints": [ "tip.height == 44 @999" ],
                  "subviews": [
                    { "id": "tipText", "type": "label", "text": "Tip: this row hides inside an animation block", "fontSize": 15,
                      "textColor": "#7A5C00",
                      "constraints": [ "tipText.leading == superview.leading + 16", "tipText.centerY == superview.centerY" ] } ] },
                { "id": "privacy", "backgroundColor": "#FFFFFF", "constraints": [ "privacy.height == 48" ],
                  "subviews": [
                    { "id": "privacyTitle", "type": "label", "text": "Privacy", "fontSize": 17, "textColor": "#000000",
                      "constraints": [ "privacyTitle.leading == superview.leading + 16", "privacyTitle.centerY == superview.centerY" ] } ] },
                { "id": "battery", "backgroundColor": "#FFFFFF", "constraints": [ "battery.height == 48" ],
                  "subviews": [
                    { "id": "batteryTitle", "type": "label", "text": "Battery", "fontSize": 17, "textColor": "#000000",
                      "constraints": [ "batteryTitle.leading == superview.leading + 16", "batteryTitle.centerY == superview.centerY" ] },
                    { "id": "batteryValue", "type": "label", "text": "82 %", "fontSize": 17, "textColor": "#8E8E93",
                      "constraints": [ "batteryValue.trailing == superview.trailing - 16", "batteryValue.centerY == superview.centerY" ] } ] } ] },
            { "id": "footnote", "type": "label", "numberOfLines": 0, "fontSize": 13, "textColor": "#6D6D72",
              "text": "Laid out by Auto Layout: no view in this scene has a frame.",
              "constraints": [ "footnote.top == list.bottom + 8", "footnote.leading == list.leading + 16",
                               "footnote.trailing == list.trailing - 16" ] } ],
          "script": [
            { "at": 0.8, "animate": { "duration": 0.6, "damping": 0.75,
                "changes": [ { "constraint": "notificationsHeight", "constant": 124 }, { "view": "notificationsDetail", "alpha": 1 } ] } },
            { "at": 2.2, "animate": { "duration": 0.4, "changes": [ { "view": "tip", "hidden": true } ] } },
            { "at": 3.4, "animate": { "duration": 0.6, "damping": 0.9,
                "changes": [ { "constraint": "notificationsHeight", "constant": 48 }, { "view": "notificationsDetail", "alpha": 0 } ] } },
            { "at": 4.6, "animate": { "duration": 0.4, "changes": [ { "view": "tip", "hidden": false } ] } }
          ]
        }
        """#
}
