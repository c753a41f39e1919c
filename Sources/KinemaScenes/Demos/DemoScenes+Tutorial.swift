import Foundation

extension DemoScenes {
    /// The tutorial demo (the tutorial-popover post's coach marks, docs/ported-posts.md): a mock
    /// mail app (a navigation bar with a title and Edit / Compose buttons, a list of rows, a
    /// toolbar) and a four-step ``Tutorial`` over it, each step a title and a message in English
    /// and Japanese, advanced by scripted taps on the dimmed area. 375 × 667 points at scale 2, 10
    /// seconds.
    public static let tutorial = #"""
        {
          "kinema": 1,
          "size": [375, 667],
          "scale": 2,
          "background": "#F2F2F7",
          "duration": 10,
          "views": [
            { "id": "row0", "frame": [0, 88, 375, 72], "backgroundColor": "#FFFFFF",
              "subviews": [
                { "id": "row0Dot", "frame": [16, 26, 20, 20], "backgroundColor": "#007AFF", "cornerRadius": 10 },
                { "id": "row0Title", "type": "label", "frame": [48, 14, 250, 22], "text": "Kinema team", "font": "Sans Bold", "fontSize": 16,
                  "textColor": "#1C1C1E" },
                { "id": "row0Detail", "type": "label", "frame": [48, 38, 300, 20], "text": "Release notes for 0.9", "fontSize": 14, "textColor": "#6E6E73" },
                { "id": "row0Time", "type": "label", "frame": [300, 14, 60, 20], "text": "9:41", "fontSize": 13, "textColor": "#8E8E93",
                  "textAlignment": "right" },
                { "id": "row0Line", "frame": [48, 71, 327, 1], "backgroundColor": "#E5E5EA" } ] },
            { "id": "row1", "frame": [0, 160, 375, 72], "backgroundColor": "#FFFFFF",
              "subviews": [
                { "id": "row1Dot", "frame": [16, 26, 20, 20], "backgroundColor": "#FF9500", "cornerRadius": 10 },
                { "id": "row1Title", "type": "label", "frame": [48, 14, 250, 22], "text": "佐藤 花子", "font": "Sans Bold", "fontSize": 16,
                  "textColor": "#1C1C1E" },
                { "id": "row1Detail", "type": "label", "frame": [48, 38, 300, 20], "text": "明日の打ち合わせについて", "fontSize": 14, "textColor": "#6E6E73" },
                { "id": "row1Time", "type": "label", "frame": [300, 14, 60, 20], "text": "9:12", "fontSize": 13, "textColor": "#8E8E93",
                  "textAlignment": "right" },
                { "id": "row1Line", "frame": [48, 71, 327, 1], "backgroundColor": "#E5E5EA" } ] },
            { "id": "row2", "frame": [0, 232, 375, 72], "backgroundColor": "#FFFFFF",
              "subviews": [
                { "id": "row2Dot", "frame": [16, 26, 20, 20], "backgroundColor": "#34C759", "cornerRadius": 10 },
                { "id": "row2Title", "type": "label", "frame": [48, 14, 250, 22], "text": "Design review", "font": "Sans Bold", "fontSize": 16,
                  "textColor": "#1C1C1E" },
                { "id": "row2Detail", "type": "label", "frame": [48, 38, 300, 20], "text": "Tooltip arrows never sit in a corner", "fontSize": 14, "textColor": "#6E6E73" },
                { "id": "row2Time", "type": "label", "frame": [300, 14, 60, 20], "text": "8:30", "fontSize": 13, "textColor": "#8E8E93",
                  "textAlignment": "right" },
                { "id": "row2Line", "frame": [48, 71, 327, 1], "backgroundColor": "#E5E5EA" } ] },
            { "id": "row3", "frame": [0, 304, 375, 72], "backgroundColor": "#FFFFFF",
              "subviews": [
                { "id": "row3Dot", "frame": [16, 26, 20, 20], "backgroundColor": "#AF52DE", "cornerRadius": 10 },
                { "id": "row3Title", "type": "label", "frame": [48, 14, 250, 22], "text": "山田 太郎", "font": "Sans Bold", "fontSize": 16,
                  "textColor": "#1C1C1E" },
                { "id": "row3Detail", "type": "label", "frame": [48, 38, 300, 20], "text": "新しいアニメーションのデモ", "fontSize": 14, "textColor": "#6E6E73" },
                { "id": "row3Time", "type": "label", "frame": [300, 14, 60, 20], "text": "昨日", "fontSize": 13, "textColor": "#8E8E93",
                  "textAlignment": "right" },
                { "id": "row3Line", "frame": [48, 71, 327, 1], "backgroundColor": "#E5E5EA" } ] },
            { "id": "row4", "frame": [0, 376, 375, 72], "backgroundColor": "#FFFFFF",
              "subviews": [
                { "id": "row4Dot", "frame": [16, 26, 20, 20], "backgroundColor": "#FF3B30", "cornerRadius": 10 },
                { "id": "row4Title", "type": "label", "frame": [48, 14, 250, 22], "text": "Build bot", "font": "Sans Bold", "fontSize": 16,
                  "textColor": "#1C1C1E" },
                { "id": "row4Detail", "type": "label", "frame": [48, 38, 300, 20], "text": "All 1,200 tests passed", "fontSize": 14, "textColor": "#6E6E73" },
                { "id": "row4Time", "type": "label", "frame": [300, 14, 60, 20], "text": "Mon", "fontSize": 13, "textColor": "#8E8E93",
                  "textAlignment": "right" },
                { "id": "row4Line", "frame": [48, 71, 327, 1], "backgroundColor": "#E5E5EA" } ] },
            { "id": "row5", "frame": [0, 448, 375, 72], "backgroundColor": "#FFFFFF",
              "subviews": [
                { "id": "row5Dot", "frame": [16, 26, 20, 20], "backgroundColor": "#5AC8FA", "cornerRadius": 10 },
                { "id": "row5Title", "type": "label", "frame": [48, 14, 250, 22], "text": "Coach marks", "font": "Sans Bold", "fontSize": 16,
                  "textColor": "#1C1C1E" },
                { "id": "row5Detail", "type": "label", "frame": [48, 38, 300, 20], "text": "Four steps, English and 日本語", "fontSize": 14, "textColor": "#6E6E73" },
                { "id": "row5Time", "type": "label", "frame": [300, 14, 60, 20], "text": "Sun", "fontSize": 13, "textColor": "#8E8E93",
                  "textAlignment": "right" },
                { "id": "row5Line", "frame": [48, 71, 327, 1], "backgroundColor": "#E5E5EA" } ] },
            { "id": "row6", "frame": [0, 520, 375, 72], "backgroundColor": "#FFFFFF",
              "subviews": [
                { "id": "row6Dot", "frame": [16, 26, 20, 20], "backgroundColor": "#FFCC00", "cornerRadius": 10 },
                { "id": "row6Title", "type": "label", "frame": [48, 14, 250, 22], "text": "Springs", "font": "Sans Bold", "fontSize": 16,
                  "textColor": "#1C1C1E" },
                { "id": "row6Detail", "type": "label", "frame": [48, 38, 300, 20], "text": "Damping 0.5, velocity 1, 0.7 s", "fontSize": 14, "textColor": "#6E6E73" },
                { "id": "row6Time", "type": "label", "frame": [300, 14, 60, 20], "text": "Sat", "fontSize": 13, "textColor": "#8E8E93",
                  "textAlignment": "right" },
                { "id": "row6Line", "frame": [48, 71, 327, 1], "backgroundColor": "#E5E5EA" } ] },
            { "id": "navBar", "frame": [0, 0, 375, 88], "backgroundColor": "#F9F9F9",
              "subviews": [
                { "id": "navTitle", "type": "label", "frame": [100, 50, 175, 28], "text": "Inbox", "font": "Sans Bold", "fontSize": 18,
                  "textColor": "#1C1C1E", "textAlignment": "center" },
                { "id": "editButton", "type": "button", "frame": [8, 48, 64, 32], "title": "Edit", "titleColor": "#007AFF", "fontSize": 17 },
                { "id": "composeButton", "type": "button", "frame": [283, 48, 84, 32], "title": "Compose", "titleColor": "#007AFF",
                  "fontSize": 17 },
                { "id": "navLine", "frame": [0, 87, 375, 1], "backgroundColor": "#C6C6C8" } ] },
            { "id": "toolbar", "frame": [0, 617, 375, 50], "backgroundColor": "#F9F9F9",
              "subviews": [
                { "id": "toolbarLine", "frame": [0, 0, 375, 1], "backgroundColor": "#C6C6C8" },
                { "id": "filterButton", "type": "button", "frame": [12, 9, 72, 32], "title": "Filter", "titleColor": "#007AFF",
                  "fontSize": 17 },
                { "id": "statusLabel", "type": "label", "frame": [100, 15, 175, 20], "text": "Updated just now", "fontSize": 12,
                  "textColor": "#6E6E73", "textAlignment": "center" },
                { "id": "searchButton", "type": "button", "frame": [291, 9, 72, 32], "title": "Search", "titleColor": "#007AFF",
                  "fontSize": 17 } ] }
          ],
          "overlays": [
            { "type": "tutorial", "id": "tour", "startAt": 0.5,
              "steps": [
                { "target": "composeButton", "title": "Compose / 新規作成",
                  "message": "Tap here to write a new message.\nここをタップして新規作成", "direction": "up" },
                { "target": "row1", "title": "Messages / メッセージ",
                  "message": "Tap a row to read it.\n行をタップしてメッセージを開く", "direction": "up" },
                { "target": "searchButton", "title": "Search / 検索",
                  "message": "Find any message.\nすべてのメッセージを検索", "direction": "down" },
                { "target": "editButton", "title": "Edit / 編集",
                  "message": "Select, move or delete.\n選択・移動・削除はここから", "direction": "up" } ] }
          ],
          "script": [
            { "at": 2.5, "tap": [187.5, 560] },
            { "at": 4.5, "tap": [187.5, 560] },
            { "at": 6.5, "tap": [187.5, 160] },
            { "at": 8.5, "tap": [187.5, 560] }
          ]
        }
        """#
}
