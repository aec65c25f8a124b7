/** Placeholder until accounts land (issue 3). */
export function LogoutButton() {
  return null;
}
