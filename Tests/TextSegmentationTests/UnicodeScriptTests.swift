import Testing
import TextSegmentation

/// Script property lookups.
@Suite struct UnicodeScriptTests {
    @Test func scriptsOfScalars() {
        #expect(UnicodeScript("A") == .latin)
        #expect(UnicodeScript("A").tag == "Latn")
        #expect(UnicodeScript("中").tag == "Hani")
        #expect(UnicodeScript("中") == .han)
        #expect(UnicodeScript("ب").tag == "Arab")
        #expect(UnicodeScript("ש").tag == "Hebr")
        #expect(UnicodeScript("あ").tag == "Hira")
        #expect(UnicodeScript("ア").tag == "Kana")
        #expect(UnicodeScript("한").tag == "Hang")
        #expect(UnicodeScript(" ") == .common)
        #expect(UnicodeScript(" ").tag == "Zyyy")
        #expect(UnicodeScript("\u{301}") == .inherited)
        #expect(UnicodeScript("\u{301}").tag == "Zinh")
        #expect(UnicodeScript("\u{378}") == .unknown)   // unassigned
        #expect(UnicodeScript("\u{378}").tag == "Zzzz")
        #expect(UnicodeScript("\u{1F600}") == .common)
        #expect(UnicodeScript("A").name == "Latin")
        #expect(UnicodeScript.common.isShared && !UnicodeScript.latin.isShared)
    }

    @Test func tagsRoundTrip() {
        for raw in 0..<UnicodeScript.count {
            let script = UnicodeScript(rawValue: UInt8(raw))!
            #expect(script.tag.utf8.count == 4)
            #expect(UnicodeScript(tag: script.tag) == script)
        }
        #expect(UnicodeScript(rawValue: UInt8(UnicodeScript.count)) == nil)
        #expect(UnicodeScript(tag: "Nope") == nil)
    }

    @Test func scriptExtensions() {
        // U+0640 ARABIC TATWEEL: Adlm Arab Mand Mani Ougr Phlp Rohg Sogd Syrc.
        let tatweel = UnicodeScript.extensions(of: "\u{640}")
        #expect(tatweel.contains(.arabic))
        #expect(tatweel.contains(.syriac))
        #expect(!tatweel.contains(.latin))
        #expect(tatweel.count == 9)
        // U+3001 IDEOGRAPHIC COMMA is used with Bopo Hang Hani Hira Kana Yiii.
        #expect(UnicodeScript.extensions(of: "\u{3001}").map(\.tag) == ["Bopo", "Hang", "Hani", "Hira", "Kana", "Yiii"])
        // Without an explicit entry, the extensions are the script itself.
        #expect(Array(UnicodeScript.extensions(of: "A")) == [.latin])
    }
}
