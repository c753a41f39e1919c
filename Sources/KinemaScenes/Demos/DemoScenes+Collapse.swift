import Foundation

extension DemoScenes {
    /// The collapse demo (the every-view-falls post of docs/ported-posts.md): a music app's library
    /// screen (a navigation bar with a back button, a title and Edit, a header card with an image,
    /// a scrolled list of six rows with icons, titles and details, a toolbar with two buttons)
    /// whose every subview falls at 0.5 s under gravity, collides with the others and the screen's
    /// edges, and piles up on the floor; at 3.5 s an instantaneous push scatters the pile, which
    /// falls and settles again. 375 × 667 points at scale 2, 6 seconds.
    ///
    /// The containers (the bars, the card, the list and its rows) are not items: the
    /// every-subview collection takes the deepest usable views, which stay in their superviews.
    /// So the views are declared back to front in the order that keeps falling items visible:
    /// the toolbar first, then the card, the list (transparent, as are its rows, over the white
    /// window), and the navigation bar in front.
    public static let collapse = #"""
        {
          "kinema": 1,
          "size": [375, 667],
          "scale": 2,
          "background": "#FFFFFF",
          "duration": 6,
          "views": [
            { "id": "toolbar", "frame": [0, 617, 375, 50], "backgroundColor": "#F9F9F9",
              "layer": { "shadowOpacity": 0.3, "shadowRadius": 0, "shadowOffset": [0, -0.5] },
              "subviews": [
                { "id": "playButton", "type": "button", "buttonType": "custom", "frame": [16, 8, 160, 34], "title": "▶ Play",
                  "titleColor": "#FFFFFF", "font": "Sans Bold", "fontSize": 16, "backgroundColor": "#007AFF", "cornerRadius": 10 },
                { "id": "shuffleButton", "type": "button", "buttonType": "custom", "frame": [199, 8, 160, 34], "title": "Shuffle",
                  "titleColor": "#007AFF", "font": "Sans Bold", "fontSize": 16, "backgroundColor": "#E5F0FF", "cornerRadius": 10 } ] },
            { "id": "card", "frame": [16, 100, 343, 116], "backgroundColor": "#FFFFFF", "cornerRadius": 14,
              "layer": { "shadowOpacity": 0.1, "shadowRadius": 8, "shadowOffset": [0, 3] },
              "subviews": [
                { "id": "cardImage", "type": "imageView", "frame": [14, 10, 96, 96], "image": "ship@2x.png", "contentMode": "scaleAspectFit",
                  "accessibilityLabel": "A sailing ship" },
                { "id": "cardTitle", "type": "label", "frame": [124, 30, 118, 26], "text": "Seed 004", "font": "Sans Bold", "fontSize": 22,
                  "textColor": "#1C3D5A" },
                { "id": "cardDetail", "type": "label", "frame": [124, 62, 168, 17], "text": "Everything falls at 0.5 s", "fontSize": 14,
                  "textColor": "#6E6E73" } ] },
            { "id": "list", "center": [187.5, 420.5], "bounds": [0, 20, 375, 393],
              "accessibilityLabel": "Playlists, scrolled by 20 points",
              "subviews": [
                { "id": "row0", "frame": [0, 0, 375, 64],
                  "subviews": [
                    { "id": "row0Icon", "frame": [16, 10, 44, 44], "backgroundColor": "#FF9500", "cornerRadius": 10 },
                    { "id": "row0Title", "type": "label", "frame": [72, 12, 127, 20], "text": "Morning Walk", "font": "Sans Bold", "fontSize": 16,
                      "textColor": "#1C1C1E" },
                    { "id": "row0Detail", "type": "label", "frame": [72, 35, 144, 17], "text": "24 songs · 1 h 32 min", "fontSize": 13, "textColor": "#6E6E73" },
                    { "id": "row0Chevron", "type": "label", "frame": [342, 19, 14, 26], "text": "›", "fontSize": 22, "textColor": "#C7C7CC",
                      "textAlignment": "center" } ] },
                { "id": "row1", "frame": [0, 64, 375, 64],
                  "subviews": [
                    { "id": "row1Icon", "frame": [16, 10, 44, 44], "backgroundColor": "#5856D6", "cornerRadius": 10 },
                    { "id": "row1Title", "type": "label", "frame": [72, 12, 106, 20], "text": "Deep Focus", "font": "Sans Bold", "fontSize": 16,
                      "textColor": "#1C1C1E" },
                    { "id": "row1Detail", "type": "label", "frame": [72, 35, 144, 17], "text": "58 songs · 3 h 05 min", "fontSize": 13, "textColor": "#6E6E73" },
                    { "id": "row1Chevron", "type": "label", "frame": [342, 19, 14, 26], "text": "›", "fontSize": 22, "textColor": "#C7C7CC",
                      "textAlignment": "center" } ] },
                { "id": "row2", "frame": [0, 128, 375, 64],
                  "subviews": [
                    { "id": "row2Icon", "type": "imageView", "frame": [16, 10, 44, 44], "image": "ship@2x.png", "contentMode": "scaleAspectFit",
                  "backgroundColor": "#34C759", "cornerRadius": 10 },
                    { "id": "row2Title", "type": "label", "frame": [72, 12, 114, 20], "text": "雨の日のジャズ", "font": "Sans Bold", "fontSize": 16,
                      "textColor": "#1C1C1E" },
                    { "id": "row2Detail", "type": "label", "frame": [72, 35, 119, 17], "text": "17 songs · 58 min", "fontSize": 13, "textColor": "#6E6E73" },
                    { "id": "row2Chevron", "type": "label", "frame": [342, 19, 14, 26], "text": "›", "fontSize": 22, "textColor": "#C7C7CC",
                      "textAlignment": "center" } ] },
                { "id": "row3", "frame": [0, 192, 375, 64],
                  "subviews": [
                    { "id": "row3Icon", "frame": [16, 10, 44, 44], "backgroundColor": "#FF2D55", "cornerRadius": 10 },
                    { "id": "row3Title", "type": "label", "frame": [72, 12, 88, 20], "text": "Road Trip", "font": "Sans Bold", "fontSize": 16,
                      "textColor": "#1C1C1E" },
                    { "id": "row3Detail", "type": "label", "frame": [72, 35, 144, 17], "text": "41 songs · 2 h 40 min", "fontSize": 13, "textColor": "#6E6E73" },
                    { "id": "row3Chevron", "type": "label", "frame": [342, 19, 14, 26], "text": "›", "fontSize": 22, "textColor": "#C7C7CC",
                      "textAlignment": "center" } ] },
                { "id": "row4", "frame": [0, 256, 375, 64],
                  "subviews": [
                    { "id": "row4Icon", "frame": [16, 10, 44, 44], "backgroundColor": "#5AC8FA", "cornerRadius": 10 },
                    { "id": "row4Title", "type": "label", "frame": [72, 12, 99, 20], "text": "Lo-fi Beats", "font": "Sans Bold", "fontSize": 16,
                      "textColor": "#1C1C1E" },
                    { "id": "row4Detail", "type": "label", "frame": [72, 35, 144, 17], "text": "33 songs · 1 h 51 min", "fontSize": 13, "textColor": "#6E6E73" },
                    { "id": "row4Chevron", "type": "label", "frame": [342, 19, 14, 26], "text": "›", "fontSize": 22, "textColor": "#C7C7CC",
                      "textAlignment": "center" } ] },
                { "id": "row5", "frame": [0, 320, 375, 64],
                  "subviews": [
                    { "id": "row5Icon", "frame": [16, 10, 44, 44], "backgroundColor": "#AF52DE", "cornerRadius": 10 },
                    { "id": "row5Title", "type": "label", "frame": [72, 12, 115, 20], "text": "Running Mix", "font": "Sans Bold", "fontSize": 16,
                      "textColor": "#1C1C1E" },
                    { "id": "row5Detail", "type": "label", "frame": [72, 35, 144, 17], "text": "20 songs · 1 h 04 min", "fontSize": 13, "textColor": "#6E6E73" },
                    { "id": "row5Chevron", "type": "label", "frame": [342, 19, 14, 26], "text": "›", "fontSize": 22, "textColor": "#C7C7CC",
                      "textAlignment": "center" } ] } ] },
            { "id": "navBar", "frame": [0, 0, 375, 88], "backgroundColor": "#F9F9F9",
              "layer": { "shadowOpacity": 0.3, "shadowRadius": 0, "shadowOffset": [0, 0.5] },
              "subviews": [
                { "id": "backButton", "type": "button", "frame": [8, 48, 86, 32], "title": "‹ Music", "titleColor": "#007AFF", "fontSize": 17 },
                { "id": "navTitle", "type": "label", "frame": [150, 53, 75, 21], "text": "Library", "font": "Sans Bold", "fontSize": 18,
                  "textColor": "#1C1C1E", "textAlignment": "center" },
                { "id": "editButton", "type": "button", "frame": [305, 48, 60, 32], "title": "Edit", "titleColor": "#007AFF", "fontSize": 17 } ] }
          ],
          "script": [
            { "at": 0.5, "dynamics": { "add": { "type": "gravity", "id": "gravity", "allSubviewsOf": "root" } } },
            { "at": 0.5, "dynamics": { "add": { "type": "collision", "id": "collision", "allSubviewsOf": "root",
                                            "translatesReferenceBoundsIntoBoundary": true } } },
            { "at": 0.5, "dynamics": { "add": { "type": "itemBehavior", "id": "material", "allSubviewsOf": "root",
                                            "elasticity": 0.2, "friction": 0.5 } } },
            { "at": 3.5, "dynamics": { "add": { "type": "push", "id": "scatter", "allSubviewsOf": "root", "mode": "instantaneous",
                                            "pushDirection": [0.4, -2.5], "targetOffsetFromCenter": [4, 0] } } }
          ]
        }
        """#
}
