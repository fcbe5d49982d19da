/** The exact rate-limit header shapes of DECISIONS.md "Headers". */
export const RATE_LIMIT_HEADER = /^limit=(\d+), remaining=(\d+), reset=(\d+)$/;
export const RATE_LIMIT_POLICY_HEADER = /^(\d+);w=(\d+)$/;

export async function getJson<T = unknown>(url: string, init?: RequestInit): Promise<{ response: Response; body: T }> {
  const response = await fetch(url, init);
  return { response, body: (await response.json()) as T };
}
