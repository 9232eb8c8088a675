/// A tableau symbol: an external (user) variable, a slack, an error or a dummy variable.
///
/// The raw value packs `id << 2 | kind`, so symbols order by id (the fixed order the
/// pivoting rules rely on to avoid cycling) and the kind is a mask away. Ids index the
/// solver's symbol table and are reused once their symbol is released (see `SymbolTable`).
/// Id 0 is never issued: raw value 0 is the invalid symbol.
struct Symbol: Hashable, Comparable {
    enum Kind: Int32 {
        /// A user variable; unrestricted in sign.
        case external = 0
        /// The slack of an inequality; restricted to >= 0.
        case slack = 1
        /// An error variable of a non-required constraint; >= 0.
        case error = 2
        /// The marker of a required equality; must stay 0, never enters.
        case dummy = 3
    }

    var raw: Int32

    static let invalid = Symbol(raw: 0)

    @inline(__always) init(raw: Int32) { self.raw = raw }

    @inline(__always) init(id: Int32, kind: Kind) {
        self.raw = id << 2 | kind.rawValue
    }

    /// Index into the solver's symbol table.
    @inline(__always) var id: Int { Int(raw >> 2) }
    @inline(__always) var kind: Kind { Kind(rawValue: raw & 3).unsafelyUnwrapped }
    @inline(__always) var isValid: Bool { raw != 0 }
    @inline(__always) var isExternal: Bool { raw & 3 == 0 }
    @inline(__always) var isDummy: Bool { raw & 3 == 3 }
    /// Slack or error: restricted symbols that may enter or leave the basis.
    @inline(__always) var isPivotable: Bool { let k = raw & 3; return k == 1 || k == 2 }
    @inline(__always) var isError: Bool { raw & 3 == 2 }

    @inline(__always) static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
}

/// Values whose magnitude is below this are treated as zero.
let epsilon = 1.0e-8

@inline(__always) func nearZero(_ value: Double) -> Bool {
    value < epsilon && value > -epsilon
}
