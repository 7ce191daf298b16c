// What other parts may use of the notices area: the header's bell (app/slots.tsx puts it in the header).
export { NoticeBell } from './NoticeBell';
