/**
 * The console's upload, received as a stream (issue 15): each file part goes to a temporary file in
 * DATA_DIR/tmp while it is hashed and counted, so a 50 MB PDF is never held in memory as a request body.
 * A part that passes 50 MB ends the upload at once with 413; the rest of the body is read and dropped so
 * that the browser gets the answer instead of a connection that hangs.
 */
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { Request } from "express";
import { UPLOAD_FILE_FIELDS } from "../../domain/admin.ts";
import { HttpError } from "../http/respond.server.ts";
import { MAX_PDF_BYTES } from "../papers/pdf-check.server.ts";

export type UploadField = (typeof UPLOAD_FILE_FIELDS)[number];

export interface UploadedFile {
  field: UploadField;
  /** The temporary file; removed by discardUpload. */
  path: string;
  size: number;
  /** sha256 of the bytes as sent (the store keeps them laid out for the viewer, under another hash). */
  sha256: string;
  /** The name the browser gave, for messages only: never used as a path. */
  filename: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: Partial<Record<UploadField, UploadedFile>>;
}

export interface ReceiveOptions {
  /** Where temporary files go (DATA_DIR/tmp); made when missing. */
  tmpDir: string;
  maxFileBytes?: number;
  /**
   * Runs when the first file part starts, with the fields sent so far (they come first): a throw ends
   * the upload there, before any file byte is written.
   */
  beforeFiles?: (fields: Record<string, string>) => void;
}

export const TOO_LARGE_MESSAGE = "The file is larger than 50 MB";

function isUploadField(name: string): name is UploadField {
  return (UPLOAD_FILE_FIELDS as readonly string[]).includes(name);
}

/** Reads a multipart upload; on any failure its temporary files are gone when the promise rejects. */
export async function receiveUpload(req: Request, options: ReceiveOptions): Promise<ReceivedUpload> {
  const maxFileBytes = options.maxFileBytes ?? MAX_PDF_BYTES;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: maxFileBytes, files: UPLOAD_FILE_FIELDS.length, fields: 10, fieldSize: 1000, parts: 12 },
    });
  } catch (error) {
    throw new HttpError(400, `Malformed upload: ${(error as Error).message}`);
  }
  await mkdir(options.tmpDir, { recursive: true });

  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: ReceivedUpload["files"] = {};
    const temps: string[] = [];
    const streams: NodeJS.ReadableStream[] = [];
    const writes: Promise<void>[] = [];
    let failed = false;
    let filesStarted = false;

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      // Read and drop the rest, so the client finishes sending and reads the answer.
      req.resume();
      for (const stream of streams) (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
      void Promise.allSettled(writes)
        .then(() => Promise.all(temps.map((file) => rm(file, { force: true }))))
        .finally(() => reject(error));
    };

    req.on("close", () => {
      if (!req.complete) fail(new HttpError(400, "The upload was cut off before it ended"));
    });

    parser.on("field", (name, value, info) => {
      if (failed) return;
      if (filesStarted) return fail(new HttpError(400, "Send the fields before the files"));
      if (info.nameTruncated || info.valueTruncated) return fail(new HttpError(400, `${name}: the value is too long`));
      if (Object.hasOwn(fields, name)) return fail(new HttpError(400, `${name} was given more than once`));
      fields[name] = value;
    });

    parser.on("file", (name, stream, info) => {
      streams.push(stream);
      if (failed) return void stream.resume();
      if (!filesStarted) {
        filesStarted = true;
        try {
          options.beforeFiles?.(fields);
        } catch (error) {
          return fail(error);
        }
      }
      if (!isUploadField(name)) {
        return fail(new HttpError(400, `Unknown file field "${name.slice(0, 40)}": send question and/or solution`));
      }
      if (files[name] || temps.some((file) => file.endsWith(`.${name}`))) {
        return fail(new HttpError(400, `${name} was sent more than once`));
      }
      // A name of our own: the browser's file name never reaches the file system.
      const target = path.join(options.tmpDir, `${randomUUID()}.${name}`);
      temps.push(target);
      const hash = createHash("sha256");
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      stream.on("limit", () => fail(new HttpError(413, TOO_LARGE_MESSAGE, { headers: { Connection: "close" } })));
      writes.push(
        pipeline(stream, counter, createWriteStream(target, { flags: "wx" })).then(
          () => {
            if (failed) return;
            files[name] = {
              field: name,
              path: target,
              size,
              sha256: hash.digest("hex"),
              filename: info.filename ?? "",
            };
          },
          (error: unknown) => fail(error),
        ),
      );
    });

    const tooMany = () =>
      fail(new HttpError(400, "Too many parts: send the fields, then a question and/or a solution"));
    parser.on("partsLimit", tooMany);
    parser.on("filesLimit", tooMany);
    parser.on("fieldsLimit", tooMany);
    parser.on("error", (error: Error) => fail(new HttpError(400, `Malformed upload: ${error.message}`)));
    parser.on("close", () => {
      void Promise.allSettled(writes).then(() => {
        if (!failed) resolve({ fields, files });
      });
    });
    req.pipe(parser);
  });
}

/** Removes an upload's temporary files (call it in a `finally`). */
export async function discardUpload(upload: ReceivedUpload): Promise<void> {
  await Promise.all(Object.values(upload.files).map((file) => rm(file.path, { force: true })));
}
