import TextMetrics
let font = try Font(named: "Roboto-Regular", size: 15)
for (text, w, mode, lines) in [("Tomorrow Yes. AV Ta", 0.0, LineBreakMode.wordWrap, 0), ("The quick brown fox jumps over the lazy dog and keeps on running far away", 120, .wordWrap, 0),
  ("The quick brown fox jumps over the lazy dog", 120, .truncateTail, 2), ("Supercalifragilisticexpialidocious", 60, .wordWrap, 0), ("abc\n", 0, .wordWrap, 0), ("", 0, .wordWrap, 0), ("   ", 0, .wordWrap, 0), ("The quick brown fox jumps", 100, .truncateMiddle, 1), ("The quick brown fox jumps", 100, .truncateHead, 1), ("abc def ghi", 30, .charWrap, 0)] {
  let l = try TextMeasurer.layout(text, font: font, in: TextContainer(width: w, numberOfLines: lines, lineBreakMode: mode))
  print(text.debugDescription, l.size, l.lines.map { ($0.utf8Range, $0.width, $0.truncation.map { "\($0.keptPrefix) \($0.keptSuffix)" } ?? "") })
}
