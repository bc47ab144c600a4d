/* mjml 4.15 compiles synchronously (DefinitelyTyped's types now describe mjml 5's promise): the part we use. */
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    keepComments?: boolean;
    minify?: boolean;
  }
  function mjml2html(input: string, options?: MjmlOptions): { html: string; errors: MjmlError[] };
  export = mjml2html;
}
