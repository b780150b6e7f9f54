import Foundation
import Messages

/// The attachments in the HTML report: images, video and audio shown, text inline, links, anything else a download.
extension HTMLFormatter {
    func writeAttachments(_ attachments: [Attachment]) {
        guard !attachments.isEmpty else { return }
        buffer.append("<div class=\"attachments\">")
        for attachment in attachments { writeAttachment(attachment) }
        buffer.append("</div>")
    }

    private func writeAttachment(_ attachment: Attachment) {
        let mediaType = Self.safeMediaType(attachment.mediaType)
        let caption = attachment.fileName ?? attachment.mediaType
        if mediaType.hasPrefix("image/") || mediaType.hasPrefix("video/") || mediaType.hasPrefix("audio/") {
            let base64 = Self.base64(of: attachment)
            let element = mediaType.hasPrefix("image/") ? "img" : mediaType.hasPrefix("video/") ? "video" : "audio"
            buffer.append("<figure><\(element) src=\"data:\(mediaType);base64,")
            buffer.append(base64)
            if element == "img" {
                buffer.append("\" alt=\"")
                buffer.appendHTML(caption)
                buffer.append("\" loading=\"lazy\">")
            } else {
                buffer.append("\" controls></\(element)>")
            }
            buffer.append("<figcaption>")
            buffer.appendHTML(caption)
            buffer.append("</figcaption></figure>")
            return
        }
        if let text = Self.text(of: attachment) {
            if mediaType == "text/uri-list" {
                buffer.append("<div>")
                for line in text.split(whereSeparator: \.isNewline) {
                    let link = line.trimmingCharacters(in: .whitespaces)
                    guard !link.isEmpty, !link.hasPrefix("#") else { continue }
                    if Self.isWebLink(link) {
                        appendWebLink(link, to: link)
                        buffer.append("<br>")
                    } else {
                        buffer.appendHTML(link)
                        buffer.append("<br>")
                    }
                }
                buffer.append("</div>")
            } else {
                buffer.append("<figure><pre class=\"text\">")
                buffer.appendHTML(text)
                buffer.append("</pre><figcaption>")
                buffer.appendHTML(caption)
                buffer.append("</figcaption></figure>")
            }
            return
        }
        let size =
            attachment.contentEncoding == .base64 ? attachment.body.utf8.count / 4 * 3 : attachment.body.utf8.count
        buffer.append("<a download=\"")
        buffer.appendHTML(attachment.fileName ?? "attachment")
        buffer.append("\" href=\"data:\(mediaType);base64,")
        buffer.append(Self.base64(of: attachment))
        buffer.append("\">Download ")
        buffer.appendHTML(caption)
        buffer.append(" (\(Self.readableSize(size)))</a>")
    }

    /// The attachment as text, when it is textual and valid UTF-8.
    static func text(of attachment: Attachment) -> String? {
        let mediaType = attachment.mediaType.lowercased()
        let textual =
            mediaType.hasPrefix("text/") || mediaType.hasSuffix("+json") || mediaType.hasSuffix("+xml")
            || mediaType == "application/json" || mediaType == "application/xml"
        switch attachment.contentEncoding {
        case .identity:
            return attachment.body
        case .base64:
            guard textual, let data = Data(base64Encoded: attachment.body, options: .ignoreUnknownCharacters) else {
                return nil
            }
            return String(data: data, encoding: .utf8)
        }
    }

    /// The attachment's body as Base64 with only Base64 characters (safe inside an attribute).
    static func base64(of attachment: Attachment) -> String {
        switch attachment.contentEncoding {
        case .identity:
            return Data(attachment.body.utf8).base64EncodedString()
        case .base64:
            var clean = ""
            clean.reserveCapacity(attachment.body.utf8.count)
            for scalar in attachment.body.unicodeScalars {
                switch scalar {
                case "A"..."Z", "a"..."z", "0"..."9", "+", "/", "=": clean.unicodeScalars.append(scalar)
                case "-": clean.unicodeScalars.append("+")
                case "_": clean.unicodeScalars.append("/")
                default: continue
                }
            }
            return clean
        }
    }

    /// A media type reduced to the characters a media type may hold, or `application/octet-stream`.
    static func safeMediaType(_ mediaType: String) -> String {
        let essence = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let allowed = essence.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "!", "#", "$", "&", "^", "_", ".", "+", "-", "/": true
            default: false
            }
        }
        return allowed && essence.contains("/") ? essence.lowercased() : "application/octet-stream"
    }

    /// Appends `text` as a link to the web address `url` (checked with `isWebLink` by the caller), opened without
    /// telling the page it came from.
    func appendWebLink(_ text: String, to url: String) {
        buffer.append("<a href=\"")
        buffer.appendHTML(url)
        buffer.append("\" rel=\"noopener noreferrer\">")
        buffer.appendHTML(text)
        buffer.append("</a>")
    }

    static func isWebLink(_ text: some StringProtocol) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }

    static func readableSize(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KB" }
        return "\(bytes / 1024 / 1024) MB"
    }
}
