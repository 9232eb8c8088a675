// South-East Asian text: Thai prose, broken between words by ICU's dictionary (runs of class
// SA), against Chinese prose of the same UTF-8 length. Each operation is
// `PreparedText(text, fonts:)` + `size(in:)` of one text, 15 pt, 320 pt wide, in one chain
// [Roboto-Regular, wqy-microhei, NotoSansThai-Regular] (Chinese falls back to the 2nd font,
// Thai to the 3rd), fonts loaded before measuring.
//
// - "Thai prose warm" / "Chinese prose warm": the same 1,000 texts of each round robin, every
//   segment in the caches and every Thai run in the thread's memo of ICU's answers.
// - "Thai prose, every phrase new" / "Chinese prose cold": a new text every iteration. Thai: new
//   phrases (runs between spaces) of words from a vocabulary of 360, so ICU breaks every run;
//   the words themselves come back (a segment cached with its next character once met).
//   Chinese: runs of ideographs never met before (FreshIdeographs).
//
// Thai texts are 207–219 bytes (whole words: three bytes a letter, one a space); Chinese texts
// 70 characters, 210 bytes, so Thai p50 / Chinese p50 is the ratio per byte within 4%.
import Benchmark
import BenchmarkSupport
import TextMetrics

/// Thai words (ICU's word breaks of the test corpus' Thai sentences, each once).
let thaiWords = """
        รัฐบาล ประกาศ มาตรการ ช่วย เหลือ เกษตรกร ที่ ได้ รับ ผลก ระ ทบ จาก น้ำ ท่วม ใน ภาค เหนือ กรม
        อุตุนิยมวิทยา เตือน ว่า จะ มี ฝน ตกหนัก หลาย จังหวัด ตั้งแต่ วัน พรุ่ง นี้ เป็นต้น ไป
        ตลาดหลักทรัพย์ แห่ง ประเทศไทย ปิด ตลาด จุด เพิ่ม ขึ้น นายก รัฐมนตรี เดิน ทาง เยือน ญี่ปุ่น
        เพื่อ หารือ เรื่อง การ ค้า และ ลงทุน ธนาคาร คง อัตรา ดอกเบี้ย นโยบาย ไว้ ร้อย ละ ต่อ ปี ผู้
        ราชการ เชียงใหม่ สั่ง โรงเรียน ชั่วคราว เนื่องจาก ฝุ่น ละออง เกิน มาตรฐาน นัก วิทยาศาสตร์ ไทย
        พัฒนา วัคซีน ชนิด ใหม่ สามารถ ป้องกัน ไข้ เลือด ออก รถไฟ เปิด ให้ บริการ คู่ สาย อย่าง เป็น
        ทางการ ราคา น้ำมัน ดีเซล ลด ลง ลิตร สตางค์ ผล เวลา ของ ทีม ฟุตบอล ชาติ เอาชนะ เวียดนาม แข่งขัน
        รอบ รอง ชนะ เลิศ กระทรวง สาธารณสุข รายงาน ป่วย โรค หวัด ใหญ่ ช่วง ฤดู บริษัท เทคโนโลยี ราย
        สร้าง ศูนย์ ข้อมูล ชลบุรี มูลค่า กว่า หมื่น ล้าน บาท ท่อง เที่ยว ต่าง เข้า ไตรมาส แรก มากกว่า
        คน สำนักงาน คณะ กรรมการ เลือก ตั้ง เตรียม จัดการ ท้อง ถิ่น ทั่ว ประเทศ เจ้า หน้าที่ ตำรวจ
        จับกุม ต้องหา ลักลอบ ขน ยา เสพ ติด ได้ที่ ด่าน ชายแดน มหาวิทยาลัย เกษตรศาสตร์ สมัคร นักศึกษา
        ผ่าน ระบบ ออนไลน์ แล้ว ชาว บ้าน อำเภอ แม่สาย กัน ทำความ สะอาด เรือน หลัง ระดับ เชี่ยวชาญ คาด
        เศรษฐกิจ ขยาย ตัว ประมาณ สาม ห้า กรุงเทพมหานคร ปลูก ต้นไม้ อีก หนึ่ง ต้น มลพิษ อากาศ ศิลปิน
        ชื่อ ดัง จัด คอนเสิร์ต กุศล ระดม ทุน ประสบ ภัย สภา แทน ราษฎร มติ เห็น ชอบ ร่าง พระ ราช บัญญัติ
        งบ จ่าย ประจำ โรง พยาบาล ศิริราช หุ่น ยนต์ ผ่าตัด รุ่น ฟื้น เร็ว สมาคม ส่ง ข้าว การณ์ ตัน ประมง
        ขอ ความ ร่วม มือ งด จับ สัตว์ วางไข่ แอปพลิเคชัน เป๋า ตัง ใช้ งาน ไฟฟ้า นครหลวง แจ้ง ดับ ไฟ
        ปรับปรุง จำหน่าย เขต บางนา เสาร์ เด็ก นักเรียน ชั้น ประถม ศึกษา คว้า รางวัล เหรียญ ทอง โอลิมปิก
        วิชาการ คณิตศาสตร์ อุทยาน เขา เส้น ป่า บาง ธรรมชาติ ฟื้นฟู ประกอบ ร้าน อาหาร ริม วัตถุดิบ สูง
        เนื่อง สถาน ทูต กรุง ลอนดอน เทศกาล ครั้ง ภาพยนตร์ ฉาย นานาชาติ เมือง คาน ส์ หยุด ยาว สงกรานต์
        ประชาชน กลับ ภูมิลำเนา มาก ประวัติการณ์ ศึกษาธิการ ปรับ หลักสูตร เรียน ภาษา อังกฤษ วิทยาการ
        คำนวณ ท่า อากาศยาน สุวรรณภูมิ รองรับ โดยสาร ถึง อาคาร ชาวนา อีสาน เริ่ม หว่าน ฤดูกาล ตกลง มา
        วิจัย พบ พะยูน ฝูง บริเวณ ชายฝั่ง ทะเล ตรัง ซึ่ง สัญญาณ ดี นิเวศ ตรวจ สอบ ค่า เดือน ตลอด
        ชั่วโมง อนุมัติ ซ่อมแซม ถนน เสีย หาย อุทกภัย จำนวน ลอย กระทง แม่น้ำ เจ้าพระยา เมื่อ คืน ทองคำ
        แท่ง ขาย
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

nonisolated(unsafe) var random = SeededGenerator(seed: 0x5EA_0001)
nonisolated(unsafe) var freshIdeographs = FreshIdeographs(
    seed: 0x5EA_0002, face: try! FontLibrary.shared.face(named: "wqy-microhei"))

/// Thai prose of 207–219 bytes: phrases of 3–9 words, a space between phrases (a word that
/// would pass 219 bytes is drawn again).
func thaiText() -> String {
    var text = ""
    while text.utf8.count < 207 {
        if !text.isEmpty { text += " " }
        for _ in 0..<Int.random(in: 3...9, using: &random) where text.utf8.count < 207 {
            var word = thaiWords.randomElement(using: &random)!
            while text.utf8.count + word.utf8.count > 219 { word = thaiWords.randomElement(using: &random)! }
            text += word
        }
    }
    return text
}

/// 70 Han characters (210 bytes): runs of ideographs ended by Chinese punctuation.
func chineseText() -> String {
    var text = ""
    while text.count < 70 {
        let remaining = 70 - text.count
        text += remaining <= 15
            ? freshIdeographs.run(length: remaining, endings: [""])
            : freshIdeographs.run(length: Int.random(in: 6...14, using: &random), endings: ["，", "。", "！", "？"])
    }
    return text
}

let warmThai = (0..<1_000).map { _ in thaiText() }
let warmChinese = (0..<1_000).map { _ in chineseText() }

let benchmarks: @Sendable () -> Void = {
    let chain = try! FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoSansThai-Regular"], size: 15)
    let width320 = try! TextContainer(width: 320)
    let timing: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

    @Sendable func measure(_ text: String) -> Size {
        try! PreparedText(text, fonts: chain).size(in: width320)
    }

    /// Every cluster in the chain, and the texts of the lengths said above.
    @Sendable func check(_ text: String) {
        let layout = try! PreparedText(text, fonts: chain).layout(in: width320)
        precondition(layout.missingGlyphs.isEmpty && layout.usesFallbackFonts, "not all in the chain: \(text)")
        precondition((207...219).contains(text.utf8.count), "\(text.utf8.count) bytes: \(text)")
    }

    for (name, texts) in [("Thai prose warm", warmThai), ("Chinese prose warm", warmChinese)] {
        Benchmark(name, configuration: .init(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                             scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 500)) { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(measure(texts[index % texts.count]))
            }
        } setup: {
            for text in texts { check(text) }
        }
    }

    // At most 11,000 Chinese texts of about six runs each: half the new Han runs
    // FreshIdeographs has (the warm texts take 6,000 more).
    let coldConfiguration = Benchmark.Configuration(
        metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1, scalingFactor: .kilo,
        maxDuration: .seconds(3), maxIterations: 10)
    for (name, make) in [("Thai prose, every phrase new", thaiText), ("Chinese prose cold", chineseText)] {
        Benchmark(name, configuration: coldConfiguration) { benchmark in
            let texts = (0..<benchmark.scaledIterations.count).map { _ in make() }
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                blackHole(measure(texts[index]))
            }
        }
    }
}
