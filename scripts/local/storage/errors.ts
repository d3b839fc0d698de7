// Supabase Storage's error bodies ({statusCode, code, error, message}) and its habit of answering
// HTTP 400 for every non-5xx error (the real status travels in `statusCode`), so clients that
// inspect `error.statusCode` or `error.code` behave the same against this server and hosted.
import pg from 'pg';

export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.statusCode >= 500 ? this.statusCode : 400;
  }

  body() {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  contentMismatch: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} does not match the file content`),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'Invalid signature'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'Bad Request', message),
  noContentProvided: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  notFound: () => new StorageError(404, 'NotFound', 'Not Found', 'Route not found'),
  invalidParameter: (name: string) => new StorageError(400, 'InvalidParameter', 'Bad Request', `Invalid Parameter ${name}`),
  imageProcessing: (message: string) => new StorageError(400, 'ImageProcessingError', 'Bad Request', message),
  databaseTimeout: () => new StorageError(544, 'DatabaseTimeout', 'DatabaseTimeout', 'The connection to the database timed out'),
  internal: () => new StorageError(500, 'InternalError', 'internal', 'Internal Server Error'),
};

/** Turns what Postgres said into what Storage says; unknown failures become a bare 500. */
export function toStorageError(e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  if (e instanceof pg.DatabaseError) {
    switch (e.code) {
      case '42501': // RLS refused the row (or the role lacks a grant)
        return ERRORS.accessDenied('new row violates row-level security policy');
      case '23505':
        return e.table === 'buckets' ? ERRORS.bucketAlreadyExists() : ERRORS.keyAlreadyExists();
      case '23503': // a bucket still holding objects, or an object naming a missing bucket
        return e.message.startsWith('update or delete') ? ERRORS.bucketNotEmpty() : ERRORS.noSuchBucket();
      case '57014':
        return ERRORS.databaseTimeout();
      case '22P02':
      case '23514':
        return ERRORS.invalidRequest(e.message);
    }
  }
  return ERRORS.internal();
}
