import { describe, expect, it } from 'vitest';
import { serviceClient, signedInPlayer } from './helpers.ts';

// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('storage: profile pictures', () => {
  // Pictures are written with the service role (the profile-picture function, after checking the bytes);
  // the player reads and removes their own.
  it('stores a picture, serves it at its public URL, and lets its player download and remove it', async () => {
    const { client, userId } = await signedInPlayer('avatar');
    const bucket = client.storage.from('profile-pictures');
    const service = serviceClient().storage.from('profile-pictures');
    const name = `${userId}-avatar.png`;
    const uploaded = await service.upload(name, new Blob([PNG], { type: 'image/png' }));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: name, fullPath: `profile-pictures/${name}` });

    const { publicUrl } = bucket.getPublicUrl(name).data;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);

    // Uploading the same name again needs upsert.
    const again = await service.upload(name, new Blob([PNG], { type: 'image/png' }));
    expect(again.error?.message).toBe('The resource already exists');
    expect((await service.upload(name, new Blob([PNG], { type: 'image/png' }), { upsert: true })).error).toBeNull();

    const downloaded = await bucket.download(name);
    expect(downloaded.error).toBeNull();
    expect(Buffer.from((await downloaded.data?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(PNG);

    const removed = await bucket.remove([name]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name)).toEqual([name]);
    expect((await fetch(publicUrl)).status).toBe(404);
  });

  it('signs a link to an object the caller may read: it serves that object without a key until it expires, and nothing else', async () => {
    const { client, userId } = await signedInPlayer('signed');
    const name = `${userId}-signed.png`;
    expect(
      (
        await serviceClient()
          .storage.from('profile-pictures')
          .upload(name, new Blob([PNG], { type: 'image/png' }))
      ).error,
    ).toBeNull();
    const signed = await client.storage.from('profile-pictures').createSignedUrl(name, 60);
    expect(signed.error).toBeNull();
    const link = signed.data?.signedUrl ?? '';
    expect(link).toMatch(new RegExp(`/storage/v1/object/sign/profile-pictures/${name}\\?token=`));
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    // The token names its object: it opens no other, and a forged one opens nothing.
    expect((await fetch(link.replace(`${name}?`, `${userId}-other.png?`))).status).toBe(400);
    expect((await fetch(link.replace(/token=.*/, 'token=forged'))).status).toBe(400);
    const missing = await client.storage.from('profile-pictures').createSignedUrl(`${userId}-missing.png`, 60);
    expect(missing.error?.message).toBe('Object not found');
  });

  it("refuses a player's direct upload, even under their own id (it would skip the content check)", async () => {
    const { client, userId } = await signedInPlayer('direct');
    const { error } = await client.storage.from('profile-pictures').upload(`${userId}-direct.png`, new Blob([PNG], { type: 'image/png' }));
    expect(error?.message).toBe('new row violates row-level security policy');
  });

  it("refuses a name that does not start with the player's own id", async () => {
    const { client } = await signedInPlayer('intruder');
    const victim = await signedInPlayer('victim');
    const { error } = await client.storage
      .from('profile-pictures')
      .upload(`${victim.userId}-avatar.png`, new Blob([PNG], { type: 'image/png' }));
    expect(error?.message).toBe('new row violates row-level security policy');
    expect(
      await fetch(client.storage.from('profile-pictures').getPublicUrl(`${victim.userId}-avatar.png`).data.publicUrl).then((r) => r.status),
    ).toBe(404);
  });

  it("refuses a file over the bucket's 2 MB limit", async () => {
    const { client, userId } = await signedInPlayer('big');
    const big = new Blob([Buffer.alloc(2 * 1024 * 1024 + 1)], { type: 'image/png' });
    const { error } = await client.storage.from('profile-pictures').upload(`${userId}-big.png`, big);
    expect(error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
  });

  it('refuses a file that is not an image', async () => {
    const { client, userId } = await signedInPlayer('text');
    const { error } = await client.storage
      .from('profile-pictures')
      .upload(`${userId}-notes.txt`, new Blob(['hello'], { type: 'text/plain' }));
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
  });
});
