// Building large texts (console renderings, cty JSON) from many small parts.

/**
 * The text appended so far. Appending to one string lets V8 build a rope that it flattens
 * once, when the text is first read; measured on 40 lists of 2,296 objects (16 MB of text)
 * this beats collecting the parts in an array and joining them, and beats flattening
 * chunks along the way.
 */
export class TextBuilder {
  text = "";

  push(part: string): void {
    this.text += part;
  }
}
