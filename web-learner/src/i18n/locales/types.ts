/** A language's interface strings: nested sections of texts. */
export interface Messages {
  [key: string]: string | Messages;
}
