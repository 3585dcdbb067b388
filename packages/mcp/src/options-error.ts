import { MemfilesError } from "@memfiles/errors";

/** Server options that cannot be served: no memory given, two given, or an unknown layout. */
export class McpOptionsError extends MemfilesError {
  override readonly name = "McpOptionsError";

  constructor(message: string) {
    super(message, { code: "invalid_server_options", userFixable: true });
  }
}
