export default definePageConfig({ navigationBarTitleText: '活动列表', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
