import Foundation
import NotificationCore

/// How many receipt steps one read returns at most (a notification's whole life has a few per device).
package enum ReceiptHistory {
    package static let readLimit = 1000
}
