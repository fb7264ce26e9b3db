/** A multipart/form-data body with one file part, for `app.inject` (as a browser or GitLab client sends it). */
export function multipartFile(field: string, filename: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----milepost${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
