// The patients as the router sees them: the list, and the create and edit forms.
export { EditPatient, PatientForm } from './PatientForm';
export { PatientList } from './PatientList';
