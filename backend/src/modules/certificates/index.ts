export { CertificatesModule } from './certificates.module';
export { CertificatesService } from './certificates.service';
