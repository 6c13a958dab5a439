package io.ncclscope.sdk;

/** How {@link NcclScope#render} writes a report: the forms the CLI's {@code --format} and the service offer. */
public enum Format {
    /** Markdown sized for a chat message: the verdict, the top findings with their lines, the next commands. */
    MARKDOWN,
    /** Indented JSON, the contract of DESIGN.md: {@code {verdict, findings[...], segments[...], ...}}. */
    JSON,
    /** Plain text for a terminal: every finding with its causes and actions. */
    TEXT,
    /** A standalone HTML page; written for the deliverable report ({@link NcclScope#report}) only. */
    HTML,
    /** The chat message as a Slack Block Kit message (JSON); written for the report of {@link NcclScope#analyze} only. */
    SLACK,
    /** The chat message as a Feishu/Lark interactive card (JSON); written for the report of {@link NcclScope#analyze} only. */
    FEISHU
}
