import { useFirm } from '#client/lib/firm.tsx';

/** The register that the audit registration reference is looked up on (ICAEW, ICAS and CAI together). */
const auditRegister = 'https://www.auditregister.org.uk';

/**
 * Who regulates the firm, and where its audit registration can be checked: a registered auditor is asked
 * to give both on its website. Nothing when the firm has given neither.
 */
export function Regulation() {
  const firm = useFirm();
  return (
    <>
      {firm.regulator && <p>{firm.regulator}.</p>}
      {firm.auditRegistration && (
        <p>
          Details of our audit registration are on <a href={auditRegister}>the audit register</a>, under
          reference number {firm.auditRegistration}.
        </p>
      )}
    </>
  );
}
