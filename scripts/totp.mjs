// `npm run totp -- <username>`: the current 6-digit TOTP code of a seeded development user
// (secrets from seed/dev-users.json; development only).
import { readFileSync } from 'node:fs';
import { generate } from 'otplib';

const users = JSON.parse(readFileSync(new URL('../seed/dev-users.json', import.meta.url), 'utf8'));
const username = process.argv[2];
const names = users.map((u) => u.username).join(', ');

if (!username) {
  console.error(`usage: npm run totp -- <username>\n  users: ${names}`);
  process.exit(2);
}
const user = users.find((u) => u.username === username);
if (!user) {
  console.error(`unknown user "${username}". Seeded users: ${names}`);
  process.exit(1);
}
if (!user.totpSecret) {
  console.error(`"${username}" has no TOTP secret: it enrolls one at its first sign-in (scan the QR code the console shows).`);
  process.exit(1);
}
const code = await generate({ secret: user.totpSecret });
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(code);
if (process.stdout.isTTY) console.error(`(valid for ${left} more s)`);
