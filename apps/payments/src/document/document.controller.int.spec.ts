import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { ContextHeaders } from '@platform/http';
import { TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { DataSource } from 'typeorm';
import {
  as,
  multipart,
  newAccount,
  PDF,
  PNG_BYTES,
  refusal,
  startPayments,
  uploadDocument,
} from '../../test/payments.kit';

describe('Documents API (payments)', () => {
  let payments: ServiceUnderTest;

  beforeAll(async () => {
    payments = await startPayments();
  });

  afterAll(() => payments.close());

  const upload = (caller: TestCaller, body: { payload: Buffer; contentType: string }) =>
    uploadDocument(payments, caller, body);

  /** GET of a document's content: by its id, or by the path of its url. */
  async function content(caller: TestCaller, idOrPath: string) {
    const response = await payments.app.inject({
      method: 'GET',
      url: idOrPath.startsWith('/') ? idOrPath : `/v1/documents/${idOrPath}/content`,
      headers: {
        [ContextHeaders.internalToken]: TEST_INTERNAL_TOKEN,
        [ContextHeaders.accountId]: caller.accountId,
        [ContextHeaders.mode]: caller.mode,
      },
    });
    return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
  }

  it('stores an upload and gives back the identical bytes with their content type, at its url', async () => {
    const caller = newAccount();
    const { status, body } = await upload(
      caller,
      multipart({ name: 'delivery-proof.pdf', bytes: PDF, contentType: 'application/pdf' }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      id: expect.stringMatching(/^doc_[0-9A-Za-z]{14}$/),
      entity: 'document',
      purpose: 'dispute_evidence',
      name: 'delivery-proof.pdf',
      display_name: 'delivery-proof.pdf',
      mime_type: 'application/pdf',
      size: PDF.length,
      created_at: expect.any(Number),
      // The gateway's public address (PUBLIC_BASE_URL, here its default) and the content's path.
      url: `http://localhost:3000/v1/documents/${body['id']}/content`,
    });
    expect((await as(payments, caller).get(`/v1/documents/${body['id']}`)).body).toEqual(body);
    const downloaded = await content(caller, new URL(body['url'] as string).pathname);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.bytes.equals(PDF)).toBe(true);
  });

  it('takes the type from the content, not from the name or the declared type', async () => {
    const caller = newAccount();
    const { body } = await upload(
      caller,
      multipart({ name: 'scan.pdf', bytes: PNG_BYTES, contentType: 'application/pdf' }),
    );
    expect(body).toMatchObject({ mime_type: 'image/png', name: 'scan.pdf' });
    expect((await content(caller, body['id'] as string)).headers['content-type']).toBe('image/png');
  });

  it('keeps the bytes out of the events: they carry the metadata and the sha256', async () => {
    const caller = newAccount();
    const { body } = await upload(caller, multipart({ name: 'proof.pdf', bytes: PDF }));
    const [event] = await payments.app
      .get(DataSource)
      .query('SELECT data FROM events WHERE stream_id = $1', [body['id']]);
    expect(event.data).toEqual({
      documentId: body['id'],
      file: {
        purpose: 'dispute_evidence',
        name: 'proof.pdf',
        mimeType: 'application/pdf',
        size: PDF.length,
        sha256: createHash('sha256').update(PDF).digest('hex'),
      },
      createdAt: expect.any(Number),
    });
  });

  it('accepts exactly 10 MB and refuses one byte more', async () => {
    const caller = newAccount();
    const tenMegabytes = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 - PDF.length, 0x20)]);
    expect(
      (await upload(caller, multipart({ name: 'big.pdf', bytes: tenMegabytes }))).body,
    ).toMatchObject({ size: 10 * 1024 * 1024 });
    const tooBig = await upload(
      caller,
      multipart({ name: 'bigger.pdf', bytes: Buffer.concat([tenMegabytes, Buffer.from(' ')]) }),
    );
    expect(tooBig).toEqual({
      status: 400,
      body: refusal('The file may not be larger than 10 MB.', 'file'),
    });
  });

  it.each([
    [
      'an executable renamed .pdf',
      multipart({
        name: 'invoice.pdf',
        bytes: Buffer.concat([Buffer.from([0x7f]), Buffer.from('ELF'), Buffer.alloc(64)]),
        contentType: 'application/pdf',
      }),
      'file',
      'The file must be a PDF, JPEG or PNG document (its content is checked, not its name or declared type).',
    ],
    [
      'a text file',
      multipart({ name: 'notes.txt', bytes: Buffer.from('hello'), contentType: 'text/plain' }),
      'file',
      'The file must be a PDF, JPEG or PNG document (its content is checked, not its name or declared type).',
    ],
    [
      'an empty file',
      multipart({ name: 'empty.pdf', bytes: Buffer.alloc(0) }),
      'file',
      'The file must be a PDF, JPEG or PNG document (its content is checked, not its name or declared type).',
    ],
    ['no file', multipart(null), 'file', 'The file field is required.'],
    [
      'no purpose',
      multipart({ name: 'a.pdf', bytes: PDF }, {}),
      'purpose',
      'The purpose field is required.',
    ],
    [
      'another purpose',
      multipart({ name: 'a.pdf', bytes: PDF }, { purpose: 'kyc' }),
      'purpose',
      'The purpose must be dispute_evidence.',
    ],
    [
      'an unknown field',
      multipart({ name: 'a.pdf', bytes: PDF }, { purpose: 'dispute_evidence', colour: 'red' }),
      'colour',
      'colour is/are not required and should not be sent',
    ],
    [
      'a JSON body',
      { payload: Buffer.from('{"purpose":"dispute_evidence"}'), contentType: 'application/json' },
      'file',
      'The request must be multipart/form-data, with a file and a purpose.',
    ],
  ])('refuses %s naming the field', async (_, body, field, description) => {
    expect(await upload(newAccount(), body)).toEqual({
      status: 400,
      body: refusal(description, field),
    });
  });

  const framing =
    'The multipart body could not be read: one file part named file and a purpose field are expected.';
  const wellFormed = multipart({ name: 'a.pdf', bytes: PDF });
  it.each([
    ['no boundary', { payload: wellFormed.payload, contentType: 'multipart/form-data' }],
    [
      'a wrong boundary',
      { payload: wellFormed.payload, contentType: 'multipart/form-data; boundary=somethingelse' },
    ],
    [
      'an over-long boundary',
      {
        payload: wellFormed.payload,
        contentType: `multipart/form-data; boundary=${'b'.repeat(5000)}`,
      },
    ],
    [
      'a truncated body',
      { payload: wellFormed.payload.subarray(0, 200), contentType: wellFormed.contentType },
    ],
    [
      'a body cut inside the file',
      {
        payload: wellFormed.payload.subarray(0, wellFormed.payload.length - 80),
        contentType: wellFormed.contentType,
      },
    ],
    ['an empty body', { payload: Buffer.alloc(0), contentType: wellFormed.contentType }],
    [
      'garbage',
      {
        payload: Buffer.from('\u0000\u0001not multipart at all'),
        contentType: wellFormed.contentType,
      },
    ],
  ])('refuses malformed multipart (%s) with a 400 naming the file', async (_, body) => {
    const { status, body: answer } = await upload(newAccount(), body);
    expect(status).toBe(400);
    expect(answer).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', field: 'file' } });
    expect([framing, 'The file field is required.']).toContain(
      (answer['error'] as { description: string }).description,
    );
  });

  it('keeps a name of 128 emoji whole: names are cut on characters, never inside one', async () => {
    const name = '\u{1F4C4}'.repeat(128);
    const { status, body } = await upload(newAccount(), multipart({ name, bytes: PDF }));
    expect(status).toBe(200);
    expect(body['name']).toBe(name);
    const longer = await upload(
      newAccount(),
      multipart({ name: `${'\u{1F4C4}'.repeat(300)}.pdf`, bytes: PDF }),
    );
    expect(longer.status).toBe(200);
    expect(longer.body['name']).toBe('\u{1F4C4}'.repeat(255));
  });

  it('refuses a file name holding a NUL', async () => {
    expect(
      await upload(newAccount(), multipart({ name: 'proof\u0000.pdf', bytes: PDF })),
    ).toMatchObject({ status: 400, body: { error: { field: 'file' } } });
  });

  it('hides documents from another account and from the other mode, exactly like unknown ids', async () => {
    const owner = newAccount();
    const { body } = await upload(owner, multipart({ name: 'private.pdf', bytes: PDF }));
    for (const stranger of [newAccount(), { ...owner, mode: 'live' as const }]) {
      expect(await as(payments, stranger).get(`/v1/documents/${body['id']}`)).toEqual({
        status: 400,
        body: refusal('The id provided does not exist'),
      });
      expect((await content(stranger, body['id'] as string)).status).toBe(400);
    }
  });
});
