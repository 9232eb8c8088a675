import TextMetrics

/// The bundled fonts a byte's bits choose from, bit 0 first, for the targets that lay out text.
public let fuzzFontNames: [String] = ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji", "NotoSansArabic-Regular",
                                      "NotoSansHebrew-Regular", "Roboto-Medium"]

/// The line break modes a byte chooses from (the byte modulo their count).
public let fuzzLineBreakModes: [LineBreakMode] = [.wordWrap, .charWrap, .clip, .truncateHead, .truncateTail, .truncateMiddle]
