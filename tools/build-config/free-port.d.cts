/** A port nobody listens on right now (the OS picks it; a tiny race remains until it is bound). */
export function freePort(host?: string): Promise<number>;
