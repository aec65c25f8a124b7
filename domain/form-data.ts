/**
 * A form field's text, on the server (a form action's FormData) and in the browser alike: "" when the field is
 * missing or a file, so that a post with a file where text belongs meets the field's own rules as an empty one
 * does. Untrimmed: each form decides (a password keeps its spaces).
 */
export function formField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
