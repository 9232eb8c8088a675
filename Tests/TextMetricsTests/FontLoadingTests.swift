import Foundation
import Testing
@testable import TextMetrics

@Suite struct FontLoadingTests {
    @Test func missingFileIsTyped() {
        #expect(throws: FontError.fileNotFound("/nonexistent/font.ttf")) {
            try FontFace(path: "/nonexistent/font.ttf")
        }
        #expect(throws: FontError.fileNotFound("NoSuchBundledFont")) {
            try FontLibrary().face(named: "NoSuchBundledFont")
        }
    }

    @Test func aFileThatIsNotAFontIsTyped() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID()).ttf").path
        try Data("this is not a font".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.notAFont(path)) { try FontFace(path: path) }
        #expect(throws: FontError.notAFont("<memory>")) { try FontFace(bytes: [UInt8]()) }
        #expect(throws: FontError.unreadable("/tmp")) { try FontFace(path: "/tmp") }
    }

    @Test func collectionFacesAndIndexOutOfRange() throws {
        let path = try #require(BundledFonts.path(named: "wqy-microhei"))
        let first = try FontFace(path: path, faceIndex: 0)
        let second = try FontFace(path: path, faceIndex: 1)
        #expect(first.faceCount == 2)
        #expect(first.familyName != second.familyName || first.styleName != second.styleName)
        #expect(throws: FontError.faceIndexOutOfRange(path: path, index: 2, faceCount: 2)) {
            try FontFace(path: path, faceIndex: 2)
        }
        #expect(throws: FontError.faceIndexOutOfRange(path: path, index: -1, faceCount: 2)) {
            try FontFace(path: path, faceIndex: -1)
        }
    }

    @Test func loadingFromBytesMeasuresLikeLoadingFromAFile() throws {
        let path = try #require(BundledFonts.path(named: "Roboto-Regular"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let fromBytes = try Font(face: FontFace(bytes: bytes, label: "roboto-bytes"), size: 15)
        let fromFile = try Font(named: "Roboto-Regular", size: 15)
        let text = "Memory-loaded fonts measure the same."
        #expect(try TextMeasurer.size(text, font: fromBytes) == TextMeasurer.size(text, font: fromFile))
    }

    @Test func theLibraryLoadsAFaceOnceAndResolvesBundledNamesAndPaths() throws {
        let library = FontLibrary()
        let byName = try library.face(named: "Roboto-Medium")
        let byPath = try library.face(named: try #require(BundledFonts.path(named: "Roboto-Medium")))
        #expect(byName === byPath)
        #expect(byName.familyName == "Roboto")
    }

    @Test(arguments: [Double.nan, -1, 0, .infinity])
    func invalidSizesAreRejected(size: Double) throws {
        #expect(throws: InvalidArgumentError.self) { try Font(named: "Roboto-Regular", size: size) }
    }
}
