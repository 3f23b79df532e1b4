// The brands module's public face.
export { brandExists } from './repository';
