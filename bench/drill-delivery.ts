// What the fault drills (bench/drills.mjs) take from the API's own sources, bundled by
// bench/bundle.mjs: the stand-in SMTP server and SMS gateway of the tests, which count the copies
// they receive per message key, and the kinds of message a second copy of which is harmless
// (every other kind is delivered at most once, decision 0095).
export { COPY_HARMLESS_KINDS } from '../apps/api/src/notifications/queue.ts';
export { startFakeSmsGateway, startFakeSmtp } from '../apps/api/test/fake-delivery.ts';
