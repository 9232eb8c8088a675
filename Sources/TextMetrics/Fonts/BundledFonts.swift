/// The fonts shipped in the package's `Fonts/` folder, reachable by file name without extension.
///
/// `Roboto-Regular`, `Roboto-Medium`, `wqy-microhei`, `NotoSansArabic-Regular`,
/// `NotoSansHebrew-Regular`, `NotoSansThai-Regular`, `NotoSansLao-Regular`,
/// `NotoSansKhmer-Regular`, `NotoSansMyanmar-Regular` and `NotoColorEmoji` can be named
/// from anywhere once the package is built. The folder is found once, in order, from the
/// `TEXTMETRICS_FONTS` environment variable, then from the location of the package's
/// sources at build time.
public enum BundledFonts {
    /// The names of the bundled fonts (file names without extension), sorted.
    public static let names: [String] = [
        "NotoColorEmoji", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoSansKhmer-Regular",
        "NotoSansLao-Regular", "NotoSansMyanmar-Regular", "NotoSansThai-Regular",
        "Roboto-Medium", "Roboto-Regular", "wqy-microhei",
    ]

    /// The folder holding the bundled font files, found once, on first use.
    public static let directory: String = {
        if let override = Environment.value("TEXTMETRICS_FONTS"), !override.isEmpty {
            return override
        }
        // #filePath is …/Sources/TextMetrics/Fonts/BundledFonts.swift; the fonts are in …/Fonts.
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/") + "/Fonts"
    }()

    /// The path of every bundled font, by name.
    private static let paths: [String: String] = Dictionary(uniqueKeysWithValues: names.map { name in
        (name, directory + "/" + (name == "wqy-microhei" ? "\(name).ttc" : "\(name).ttf"))
    })

    /// The path of a bundled font, or `nil` when `name` is not one.
    public static func path(named name: String) -> String? {
        paths[name]
    }
}
