import { maxLength, maxValue, minValue, number, regex, required } from 'react-admin';

/** The server's rules (backend resource-kinds.ts), checked here first; the server's field errors still land on the fields. */
export const requiredText = (label: string, max: number) => [required(`${label} is required`), maxLength(max, `${label} must be at most ${max} characters`)];
export const optionalText = (label: string, max: number) => [maxLength(max, `${label} must be at most ${max} characters`)];

const HTTP_URL = /^https?:\/\/\S+$/i;
const HTTP_OR_UPLOAD = /^(https?:\/\/\S+|\/media\/\S+)$/i;

export const requiredUrl = (label: string) => [required(`${label} is required`), regex(HTTP_URL, `${label} must be an http(s) URL`)];
export const uploadOrUrl = (label: string) => [regex(HTTP_OR_UPLOAD, `${label} must be an http(s) URL or an uploaded file`)];

export const wholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return [
    number(message),
    minValue(min, message),
    maxValue(max, message),
    (v: unknown) => (v == null || v === '' || Number.isInteger(Number(v)) ? undefined : message),
  ];
};
