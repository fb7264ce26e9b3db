type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer; contentType?: string };

/** A multipart/form-data body of text fields and files, for `app.inject` (as a browser or GitLab client sends it). */
export function multipartForm(parts: readonly FormPart[]) {
  const boundary = `----milepost${Math.random().toString(16).slice(2)}`;
  const pieces = parts.map((part) =>
    'value' in part
      ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)
      : Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
              `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
          ),
          part.data,
          Buffer.from('\r\n'),
        ]),
  );
  return {
    payload: Buffer.concat([...pieces, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body with one file part. */
export function multipartFile(field: string, filename: string, data: Buffer, contentType = 'application/octet-stream') {
  return multipartForm([{ name: field, filename, data, contentType }]);
}
