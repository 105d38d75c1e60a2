// An error that carries a machine-readable code beside its message, for the parsers and readers
// whose callers decide what each failure means (a 4xx, a CLI exit, a retry). Subclasses only name
// their codes: `class MultipartError extends CodedError<MultipartErrorCode> {}`.
export class CodedError<Code extends string> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}
