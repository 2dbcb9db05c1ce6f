/** '1, 2' for a list of ids, with names where a list gives them. */
export function namesOf(ids: readonly number[], rows: readonly { id: number; name: string }[] | undefined): string {
  return ids.map((id) => rows?.find((r) => r.id === id)?.name ?? String(id)).join(', ');
}
