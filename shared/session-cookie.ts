/** The cookie the SPA keeps its bearer token in; the server reads it on page loads (a private deep link's 404). */
export const SESSION_TOKEN_COOKIE = 'auth_token';
