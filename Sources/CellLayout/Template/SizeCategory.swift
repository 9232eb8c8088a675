import TextMetrics

/// The user's preferred text size, as UIKit's `UIContentSizeCategory` (Dynamic Type).
///
/// Changing it changes every text's height at once, so a ``HeightCache`` drops all of its
/// entries when its ``HeightCache/sizeCategory`` changes.
///
/// ```swift
/// cache.sizeCategory = .accessibilityLarge   // every cached height is invalid now
/// ```
public enum SizeCategory: String, CaseIterable, Hashable, Sendable {
    /// `UIContentSizeCategoryExtraSmall`.
    case extraSmall
    /// `UIContentSizeCategorySmall`.
    case small
    /// `UIContentSizeCategoryMedium`.
    case medium
    /// `UIContentSizeCategoryLarge`, the default.
    case large
    /// `UIContentSizeCategoryExtraLarge`.
    case extraLarge
    /// `UIContentSizeCategoryExtraExtraLarge`.
    case extraExtraLarge
    /// `UIContentSizeCategoryExtraExtraExtraLarge`.
    case extraExtraExtraLarge
    /// `UIContentSizeCategoryAccessibilityMedium`.
    case accessibilityMedium
    /// `UIContentSizeCategoryAccessibilityLarge`.
    case accessibilityLarge
    /// `UIContentSizeCategoryAccessibilityExtraLarge`.
    case accessibilityExtraLarge
    /// `UIContentSizeCategoryAccessibilityExtraExtraLarge`.
    case accessibilityExtraExtraLarge
    /// `UIContentSizeCategoryAccessibilityExtraExtraExtraLarge`.
    case accessibilityExtraExtraExtraLarge
}
