// The membership context's resources as other contexts' answers embed them.
export { ClientResponse } from './dto/client.response.js';
export { MemberResponse } from './dto/member.response.js';
