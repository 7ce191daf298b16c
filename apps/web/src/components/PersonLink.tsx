import { Link } from 'react-router';

export const personDetailPath = (id: number | string): string => `/organizationalStructure/personneldetails/${id}`;

/** A person's name linking to their detail page; plain text when there is no id. */
export function PersonLink({ id, name }: { id: number | string | null | undefined; name: string | null | undefined }) {
  if (id === null || id === undefined || id === '') return <span>{name ?? ''}</span>;
  return <Link to={personDetailPath(id)}>{name || String(id)}</Link>;
}
