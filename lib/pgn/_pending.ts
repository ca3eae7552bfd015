// The text of the token being read, kept across chunks: a token the end of
// a chunk cuts is completed by the next, up to a limit (memory holds no
// more than that, whatever the input).

/** A token's text so far, and how long it really is. */
export class PendingText {
  /** The text kept (at most the limit it was kept with). */
  text = "";
  /** Its length as read, beyond the limit too. */
  length = 0;
  /** Whether text was left out at the limit. */
  truncated = false;

  /** Starts a new token. */
  reset(): void {
    this.text = "";
    this.length = 0;
    this.truncated = false;
  }

  /** Appends `more`, up to `limit` characters in all. */
  keep(more: string, limit: number): void {
    const room = limit - this.length;
    if (room >= more.length) this.text += more;
    else {
      if (room > 0) this.text += more.slice(0, room);
      this.truncated = true;
    }
    this.length += more.length;
  }

  /**
   * Drops a last CR, which turned out to end a line rather than belong to
   * the token; whether there was one.
   */
  dropLastCr(): boolean {
    if (this.truncated || !this.text.endsWith("\r")) return false;
    this.text = this.text.slice(0, -1);
    this.length -= 1;
    return true;
  }
}
